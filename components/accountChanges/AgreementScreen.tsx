import { useState } from 'react';
import { useRouter } from 'next/router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import LinearProgress from '@mui/material/LinearProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import Link from 'next/link';
import { useTranslation } from 'next-i18next/pages';
import { PageHeader } from '@/components/common/PageHeader';
import { StateMessage } from '@/components/common/StateMessage';
import { CHANGE_TYPES, customerWritableTypes, type ChangeType } from '@/lib/accountChanges/constants';
import { ADD_PATH, formPath, LIST_PATH } from './links';
import { blocksType, OpenRequestNote } from './OpenRequestNote';
import { useCodes } from './useCodes';
import { useOpenRequests } from './useOpenRequests';

const TERMS = ['t1', 't2', 't3', 't4'] as const;
const TONER_TERMS = ['t1', 't2', 't3'] as const;

const isType = (v: unknown): v is ChangeType => typeof v === 'string' && (CHANGE_TYPES as readonly string[]).includes(v);

/**
 * The terms a user accepts before submitting (`add-changes/agreement`; `agreement-toner` adds the delivery terms for
 * toner-address changes). `?type=` says which form follows; accepting opens it. The server refuses a submission
 * whose terms were not accepted. A `?type=` that names no change of this page (unknown, missing, or the toner type
 * on the general page) is "not found", as an unknown record's id is (DetailScreen), with the way back to the changes.
 */
export function AgreementScreen({ toner = false }: { toner?: boolean }) {
  const { t } = useTranslation(['accountChanges', 'common']);
  const router = useRouter();
  const codes = useCodes();
  const [accepted, setAccepted] = useState(false);
  const requested = router.query.type;
  const type: ChangeType | null = toner ? 'toner_addr' : isType(requested) && requested !== 'toner_addr' ? requested : null;
  // A change of this type still open blocks another (the server refuses it): say so instead of asking for the terms.
  const { open, loading } = useOpenRequests();
  const blocked = type !== null && blocksType(type, open?.[type]);
  const mayWrite = type !== null && customerWritableTypes(codes).includes(type);
  // Until the open requests are known, nothing to accept: the checkbox would otherwise show and then give way to the note.
  const waiting = mayWrite && loading;
  const mayContinue = mayWrite && !blocked && !waiting;
  const terms = TERMS.map((k) => t(`agreement.terms.${k}`));
  const tonerTerms = toner ? TONER_TERMS.map((k) => t(`agreement.tonerTerms.${k}`)) : [];
  const title = toner ? t('agreement.tonerTitle') : t('agreement.title');
  const breadcrumbs = [{ label: t('title'), href: LIST_PATH }, { label: t('add.title'), href: ADD_PATH }, { label: title }];
  // A statically rendered page has no query until the router is ready: not "not found" yet.
  if (!router.isReady && !toner) {
    return (
      <>
        <PageHeader title={title} breadcrumbs={breadcrumbs} />
        <LinearProgress aria-label={t('common:ui.table.loading')} />
      </>
    );
  }
  if (type === null) {
    const notFound = t('agreement.notFoundTitle');
    return (
      <>
        <PageHeader title={notFound} breadcrumbs={breadcrumbs} />
        <StateMessage
          title={notFound}
          headingComponent="h2"
          action={
            <Button variant="outlined" component={Link} href={ADD_PATH}>
              {t('agreement.backToChanges')}
            </Button>
          }
        >
          {t('agreement.notFoundBody')}
        </StateMessage>
      </>
    );
  }
  return (
    <>
      <PageHeader
        title={title}
        subtitle={t(`types.${type}`)}
        breadcrumbs={breadcrumbs}
      />
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography gutterBottom>{t('agreement.intro')}</Typography>
        <Box component="ol" sx={{ pl: 3, '& li': { mb: 1 } }} data-testid="terms">
          {[...terms, ...tonerTerms].map((term, i) => (
            <li key={i}>
              <Typography variant="body2">{term}</Typography>
            </li>
          ))}
        </Box>
        <Stack spacing={2} sx={{ mt: 2 }}>
          {/* A user who may only view this change (read code, no write code) has nothing to accept: say so instead. */}
          {waiting ? (
            <LinearProgress aria-label={t('common:ui.table.loading')} />
          ) : blocked ? (
            <OpenRequestNote type={type} open={open?.[type]} />
          ) : mayContinue ? (
            <FormControlLabel control={<Checkbox checked={accepted} onChange={(e) => setAccepted(e.target.checked)} />} label={t('agreement.accept')} />
          ) : (
            <Alert severity="info">{t('form.readOnly')}</Alert>
          )}
          <Stack direction="row" spacing={1}>
            <Button component={Link} href={ADD_PATH}>
              {t('agreement.back')}
            </Button>
            {mayContinue ? (
              <Button variant="contained" disabled={!accepted} onClick={() => void router.push(formPath(type, true))}>
                {t('agreement.continue')}
              </Button>
            ) : null}
          </Stack>
        </Stack>
      </Paper>
    </>
  );
}
