import { useState } from 'react';
import { useRouter } from 'next/router';
import { useTranslation } from 'next-i18next/pages';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CheckIcon from '@mui/icons-material/Check';
import { useEndpointQuery, useSession } from '@/lib/api/query';
import { loginContract } from '@/lib/auth/contract';
import { continueAfterSignIn } from '@/lib/auth/continueAfterSignIn';
import { sanitizeDeepLink, sanitizeReturnTo } from '@/lib/auth/deepLink';
import { useSignOut } from '@/lib/auth/useSignOut';
import { errorKey } from '@/lib/errors';
import { pickLocalized } from '@/lib/i18n/locales';
import { SignInFirst } from './SignInFirst';

/** A user linked to several customers chooses the one to act for; the token and function list follow the choice. */
export function SelectUcpScreen() {
  const { t } = useTranslation(['auth', 'account', 'common', 'error']);
  const router = useRouter();
  const { data: session, status, update } = useSession();
  const signOutNow = useSignOut();
  const ucpList = useEndpointQuery(loginContract.endpoints.getUcpList, status === 'authenticated' ? {} : null);
  const options = ucpList.data ?? null;
  const loadError = options ? null : ((ucpList.apiError ?? ucpList.retrying)?.code ?? null);
  const [choosing, setChoosing] = useState<string | null>(null);
  const [chooseError, setChooseError] = useState<string | null>(null);
  const link = sanitizeDeepLink(router.query.deepLink, router.query.deepLinkParams);
  // The page the header's "Switch customer" was chosen on: the user comes back to it (or its area's list).
  const from = sanitizeReturnTo(router.query.returnTo);

  if (status === 'loading') return <CircularProgress aria-label={t('common:loading')} />;
  if (status === 'unauthenticated' || !session) {
    return <SignInFirst title={t('auth:selectUcp.title')} />;
  }

  const choose = async (ucpId: string) => {
    const previous = session.currentUser.ucpId;
    setChoosing(ucpId);
    setChooseError(null);
    const next = await update({ ucpId }).catch(() => null);
    setChoosing(null);
    if (!next || next.currentUser.ucpId !== ucpId) {
      setChooseError('NOT_FOUND');
      return;
    }
    await continueAfterSignIn(router, next, update, link, { switchedFrom: from ? { page: from, ucpId: previous } : null });
  };

  // No active customer left (e.g. the only one was deactivated): no "choose one of several" heading and intro above
  // the notice saying there is none (QA: the page said both).
  const noneLeft = options !== null && options.length === 0;

  return (
    <Stack spacing={2.5}>
      <div>
        <Typography variant="h4" component="h1" sx={{ fontWeight: 700 }}>
          {t(noneLeft ? 'auth:selectUcp.noneTitle' : 'auth:selectUcp.title')}
        </Typography>
        {noneLeft ? null : (
          <Typography color="text.secondary" sx={{ mt: 1 }}>
            {t('auth:selectUcp.intro', { name: session.profile.name })}
          </Typography>
        )}
      </div>
      {loadError ? <Alert severity="error">{t(errorKey(loadError))}</Alert> : null}
      {chooseError ? <Alert severity="error">{t('auth:selectUcp.chooseFailed')}</Alert> : null}
      {options === null && !loadError ? <CircularProgress aria-label={t('common:loading')} /> : null}
      {options && options.length === 0 ? <Alert severity="warning">{t('auth:selectUcp.none')}</Alert> : null}
      {options && options.length > 0 ? (
        <List aria-label={t('auth:selectUcp.listLabel')} sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 0 }}>
          {options.map((o) => {
            const isCurrent = o.ucpId === session.currentUser.ucpId;
            return (
              // Each button inside its own <li>: a <ul> holds only list items (axe `list`).
              <ListItem key={o.ucpId} disablePadding divider>
                <ListItemButton disabled={choosing !== null} onClick={() => choose(o.ucpId)} data-testid={`ucp-${o.ucpId}`} aria-current={isCurrent ? 'true' : undefined}>
                  <ListItemText primary={pickLocalized(router.locale, o.nameEn, o.nameZh)} secondary={t('auth:selectUcp.accountNo', { id: o.ucpId })} />
                  {choosing === o.ucpId ? <CircularProgress size={20} /> : isCurrent ? <CheckIcon color="primary" aria-label={t('auth:selectUcp.current')} /> : null}
                </ListItemButton>
              </ListItem>
            );
          })}
        </List>
      ) : null}
      <Button variant="text" onClick={() => signOutNow()} sx={{ alignSelf: 'flex-start' }}>
        {t('common:signOut')}
      </Button>
    </Stack>
  );
}
