import { useEffect, useRef, useState } from 'react';
import NextLink from 'next/link';
import { useRouter } from 'next/router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'next-i18next/pages';
import { useCanAccess } from '@/components/common/Can';
import { DetailSection } from '@/components/common/DetailParts';
import { DetailPage, DetailScreen, detailTexts } from '@/components/common/DetailScreen';
import { PlainTable } from '@/components/common/PlainTable';
import { ContractHistorySection } from '@/components/contracts/ContractHistory';
import { apiErrorOf, useEndpointMutation, useEndpointQuery } from '@/lib/api/query';
import type { ApiError } from '@/lib/api/types';
import { errorKey } from '@/lib/errors';
import { formatDate, formatMoney, numberFormat, pickLocalized } from '@/lib/i18n/locales';
import { pathTo } from '@/lib/paths';
import { renewalContract } from '@/lib/renewal/contract';
import type { OfferOption, RenewalOptions, SubmitRenewalResult } from '@/lib/renewal/schemas';
import { DeadlineNote } from './RenewalListScreen';
import { renewalTermsLine } from './termsLine';
import { NoBreak } from '@/components/common/NoBreak';
import { useIdempotencyKey } from '@/components/common/form/useIdempotencyKey';

const R = renewalContract.endpoints;
/** On a phone the terms and the difference fold under the option and the cost: four narrow columns do not fit 390 px. */
const WIDE_CELL = { display: { xs: 'none', sm: 'table-cell' } } as const;
const PHONE_ONLY = { display: { xs: 'block', sm: 'none' } } as const;
/** An outcome focused by script: no ring for a pointer user, one for a keyboard user (as the form's failure alert). */
const OUTCOME_FOCUS = { '&:focus': { outline: 'none' }, '&:focus-visible': { outline: 2, outlineOffset: 2 } } as const;

function Options({ o }: { o: RenewalOptions }) {
  const { t } = useTranslation(['renewal', 'contracts', 'common']);
  const { locale } = useRouter();
  const canWrite = useCanAccess(['contract_renewal_write']);
  const submit = useEndpointMutation(R.submitRenewal);
  // A renewal in progress: its offer is the one marked (read only), so coming back shows what was chosen.
  const [chosen, setChosen] = useState<string | null>(o.contract.renewal?.offerId ?? null);
  const [accepted, setAccepted] = useState(false);
  // Not crypto.randomUUID: a portal reached over plain http on an intranet has none (the page threw).
  const idempotency = useIdempotencyKey();
  const [done, setDone] = useState<SubmitRenewalResult | null>(null);
  const [error, setError] = useState<ApiError | null>(null);
  // The outcome shows above the comparison, but "Submit" is at the foot of the page: on a phone the refusal (or the
  // confirmation) was out of sight and nothing seemed to happen. Focus moves to it, which scrolls it into view.
  const outcome = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (error || done) outcome.current?.focus();
  }, [error, done]);
  const money = (c: number) => formatMoney(c, locale);
  const c = o.contract;
  const offer = o.offers.find((x) => x.id === chosen) ?? null;
  const eligible = c.eligibility.eligible && !done;
  // Whether an offer can be chosen here: a read-only user's click on a row chose it (row marked, its disabled option checked).
  const canChoose = eligible && canWrite;

  const send = async () => {
    if (!offer) return;
    setError(null);
    try {
      const res = await submit.mutateAsync({ contractId: c.contractId, offerId: offer.id, idempotencyKey: idempotency.key, acceptTerms: true });
      setDone(res);
      idempotency.renew();
    } catch (err) {
      setError(apiErrorOf(err));
    }
  };

  // With no readings in the last 12 months there is nothing to price: the costs are "–", not HK$0.00.
  const priced = o.monthsCompared > 0;
  // An offer that costs what the current terms cost says so: "HK$0.00 more" / 「多付 HK$0.00」 read as a charge.
  const difference = (cents: number) =>
    cents === 0 ? t('renewal:detail.sameCost') : cents < 0 ? t('renewal:detail.saving', { amount: money(-cents) }) : t('renewal:detail.more', { amount: money(cents) });
  // The current contract may be billed quarterly; renewal offers are billed monthly: each line says which.
  const terms = (x: Pick<OfferOption, 'periodChargeCents' | 'minimumChargeCents' | 'monoRate' | 'colourRate' | 'monoAllowance' | 'colourAllowance'>, frequency?: string) =>
    renewalTermsLine(t, locale, x, frequency);

  return (
    <DetailPage
      prefix="renewal:detail"
      values={{ contractNo: c.contractNo }}
      backHref={pathTo('/my-orders/contract-renewal')}
      subtitle={
        <Box component="span" sx={{ display: 'inline-flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
          <DeadlineNote c={c} />
          <span>{t('renewal:list.ends', { date: formatDate(c.endDate, locale) })}</span>
        </Box>
      }
    >
      {done ? (
        <Alert severity="success" data-testid="renewal-done" ref={outcome} tabIndex={-1} sx={OUTCOME_FOCUS}>
          {t('renewal:detail.done', { renewalNo: done.renewalNo })}{' '}
          <Button component={NextLink} href={pathTo('/inbox')} size="small">
            {t('renewal:detail.openInbox')}
          </Button>
        </Alert>
      ) : null}
      {error ? (
        <Alert severity="error" data-testid="renewal-error" ref={outcome} tabIndex={-1} sx={OUTCOME_FOCUS}>
          {t(errorKey(error.code))}
        </Alert>
      ) : null}
      {/* No readings in the last 12 months (count 0: the `_zero` texts): nothing to price, so no costs, not HK$0.00. */}
      <DetailSection title={t('renewal:detail.comparison', { count: o.monthsCompared })}>
        <Typography variant="body2">
          {t('renewal:detail.comparisonHelp', { count: o.monthsCompared, mono: numberFormat(locale).format(o.pages.mono), colour: numberFormat(locale).format(o.pages.colour) })}
        </Typography>
        <PlainTable
          label={t('renewal:detail.comparison', { count: o.monthsCompared })}
          testId="offer-comparison"
          head={[
            { padding: 'checkbox' },
            t('renewal:detail.option'),
            { label: t('renewal:detail.terms'), sx: WIDE_CELL },
            // Chinese breaks between any two characters: on a phone "過去12個月費用" broke before its last one ("…費 / 用").
            // keep-all breaks it only at spaces, so it stays whole (and English still wraps between words). The months
            // are those compared: a machine's missing reading makes them fewer than 12, and the heading said 12 regardless.
            { label: t('renewal:detail.cost', { count: o.monthsCompared }), align: 'right', sx: { wordBreak: 'keep-all' } },
            { label: t('renewal:detail.difference'), align: 'right', sx: WIDE_CELL },
          ]}
        >
          <TableRow>
            <TableCell padding="checkbox" />
            <TableCell>
              <strong>{t('renewal:detail.current')}</strong>
              <Typography variant="caption" sx={{ display: 'block' }}>
                {t(`contracts:frequency.${c.billingFrequency === 'quarterly' ? 'quarterly' : 'monthly'}`)}
              </Typography>
              <Typography variant="caption" sx={{ ...PHONE_ONLY, mt: 0.5 }}>
                {terms(c, c.billingFrequency)}
              </Typography>
            </TableCell>
            <TableCell sx={WIDE_CELL}>{terms(c, c.billingFrequency)}</TableCell>
            <TableCell align="right">{priced ? money(o.currentCostCents) : '–'}</TableCell>
            <TableCell align="right" sx={WIDE_CELL}>
              –
            </TableCell>
          </TableRow>
          {o.offers.map((x) => (
            <TableRow key={x.id} hover selected={chosen === x.id} onClick={() => canChoose && setChosen(x.id)} sx={{ cursor: canChoose ? 'pointer' : 'default' }}>
              <TableCell padding="checkbox">
                {/* One `name`: the options are one radio group (one Tab stop, arrow keys move between them), as in a form. */}
                <Radio name="renewal-offer" value={x.id} checked={chosen === x.id} disabled={!canChoose} onChange={() => setChosen(x.id)} slotProps={{ input: { 'aria-label': pickLocalized(locale, x.nameEn, x.nameZh) } }} />
              </TableCell>
              <TableCell>
                <strong>{pickLocalized(locale, x.nameEn, x.nameZh)}</strong>
                <Typography variant="caption" sx={{ display: 'block' }}>
                  <NoBreak>{x.offerCode}</NoBreak> · {t('renewal:detail.months', { count: x.termMonths })}
                  {x.newModelNameEn ? ` · ${t('renewal:detail.newModel', { model: pickLocalized(locale, x.newModelNameEn, x.newModelNameZh) })}` : ''}
                </Typography>
                <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                  {pickLocalized(locale, x.descriptionEn, x.descriptionZh)}
                </Typography>
                {c.renewal?.offerId === x.id ? (
                  <Typography variant="caption" color="primary" sx={{ display: 'block', fontWeight: 600 }} data-testid="renewal-chosen-offer">
                    {t('renewal:detail.chosenOffer', { renewalNo: c.renewal.renewalNo })}
                  </Typography>
                ) : null}
                <Typography variant="caption" sx={{ ...PHONE_ONLY, mt: 0.5 }}>
                  {terms(x)}
                </Typography>
              </TableCell>
              <TableCell sx={WIDE_CELL}>{terms(x)}</TableCell>
              <TableCell align="right">
                {priced ? money(x.offerCostCents) : '–'}
                {priced ? (
                  <Typography variant="caption" sx={{ ...PHONE_ONLY, color: x.differenceCents < 0 ? 'success.main' : 'text.primary' }}>
                    {difference(x.differenceCents)}
                  </Typography>
                ) : null}
              </TableCell>
              <TableCell align="right" sx={{ ...WIDE_CELL, color: x.differenceCents < 0 ? 'success.main' : 'text.primary' }}>
                {priced ? difference(x.differenceCents) : '–'}
              </TableCell>
            </TableRow>
          ))}
        </PlainTable>
        {o.offers.length === 0 ? <Alert severity="info">{t('renewal:detail.noOffers')}</Alert> : null}
      </DetailSection>
      {eligible && canWrite && offer ? (
        <Card variant="outlined" data-testid="renewal-confirm">
          <CardContent sx={{ display: 'grid', gap: 1 }}>
            <Typography variant="h6" component="h2">
              {t('renewal:detail.confirmTitle')}
            </Typography>
            <Typography variant="body2">
              {t('renewal:detail.confirmText', {
                contractNo: c.contractNo,
                offer: pickLocalized(locale, offer.nameEn, offer.nameZh),
                months: offer.termMonths,
              })}
            </Typography>
            <Typography variant="body2">{terms(offer)}</Typography>
            <FormControlLabel control={<Checkbox checked={accepted} onChange={(e) => setAccepted(e.target.checked)} />} label={t('renewal:detail.accept')} />
            <Box>
              <Button variant="contained" disabled={!accepted || submit.isPending} onClick={() => void send()} data-testid="submit-renewal">
                {t('renewal:detail.submit')}
              </Button>
            </Box>
          </CardContent>
        </Card>
      ) : null}
      {!canWrite && c.eligibility.eligible ? <Alert severity="info">{t('renewal:detail.readOnly')}</Alert> : null}
      <ContractHistorySection events={o.history} />
    </DetailPage>
  );
}

/** `/my-orders/contract-renewal/detail?contract=<id>`: offers against the last 12 months, pick one, confirm, submit. */
export function RenewalDetailScreen() {
  const { t } = useTranslation(['renewal', 'common']);
  const router = useRouter();
  const raw = router.isReady ? router.query.contract : undefined;
  const contractId = typeof raw === 'string' && raw ? raw : null;
  const query = useEndpointQuery(R.getOptions, contractId ? { contractId } : null);
  return (
    <DetailScreen
      query={query}
      missing={router.isReady && !contractId}
      {...detailTexts(t, 'renewal:detail', query.data && { contractNo: query.data.contract.contractNo }, pathTo('/my-orders/contract-renewal'))}
    >
      {(o) => <Options o={o} />}
    </DetailScreen>
  );
}
