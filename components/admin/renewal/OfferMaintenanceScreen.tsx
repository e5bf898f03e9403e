import { useMemo, useState, type ReactNode } from 'react';
import { useRouter } from 'next/router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Grid from '@mui/material/Grid';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import AddIcon from '@mui/icons-material/Add';
import { useTranslation } from 'next-i18next/pages';
import type { DataTableColumn } from '@/components/common/DataTable';
import { EntityForm } from '@/components/common/EntityForm';
import { ListScreen } from '@/components/common/ListScreen';
import { StatusChip } from '@/components/common/StatusChip';
import { DateFieldElement, MoneyFieldElement, NumberFieldElement, SelectElement, TextFieldElement } from '@/components/common/form';
import { useEndpointQuery } from '@/lib/api/query';
import { CONTRACT_TYPES } from '@/lib/contracts/constants';
import { formatDate, formatMoney, pickLocalized } from '@/lib/i18n/locales';
import { OFFER_STATUSES } from '@/lib/renewal/constants';
import { renewalContract } from '@/lib/renewal/contract';
import { offerFieldsSchema, type OfferFields, type OfferItem, type OfferSortField } from '@/lib/renewal/schemas';

const R = renewalContract.endpoints;
type SortField = OfferSortField;

const EMPTY: OfferFields = {
  offerCode: '',
  nameEn: '',
  nameZh: '',
  descriptionEn: '',
  descriptionZh: '',
  contractType: null,
  termMonths: 36,
  periodChargeCents: 0,
  minimumChargeCents: 0,
  monoRate: '',
  colourRate: '',
  monoAllowance: 0,
  colourAllowance: 0,
  newModelCode: null,
  validFrom: '',
  validTo: '',
  status: 'active',
};

/** A field in half the form's width from a small tablet up, the whole width on a phone. */
const Half = ({ children }: { children: ReactNode }) => <Grid size={{ xs: 12, sm: 6 }}>{children}</Grid>;

function OfferForm({ offer, onDone }: { offer: OfferItem | null; onDone: () => void }) {
  const { t } = useTranslation(['renewal', 'contracts', 'common']);
  const { locale } = useRouter();
  const models = useEndpointQuery(R.listModels, {});
  const values: OfferFields = offer
    ? {
        offerCode: offer.offerCode,
        nameEn: offer.nameEn,
        nameZh: offer.nameZh,
        descriptionEn: offer.descriptionEn,
        descriptionZh: offer.descriptionZh,
        contractType: offer.contractType,
        termMonths: offer.termMonths,
        periodChargeCents: offer.periodChargeCents,
        minimumChargeCents: offer.minimumChargeCents,
        monoRate: offer.monoRate,
        colourRate: offer.colourRate,
        monoAllowance: offer.monoAllowance,
        colourAllowance: offer.colourAllowance,
        newModelCode: offer.newModelCode,
        validFrom: offer.validFrom,
        validTo: offer.validTo,
        status: offer.status,
      }
    : EMPTY;
  const f = (k: string) => t(`renewal:offers.fields.${k}`);
  return (
    <EntityForm
      endpoint={R.saveOffer}
      schema={offerFieldsSchema}
      defaultValues={values}
      // An edit names the version it loaded: a save over someone else's is a 409 RECORD_CHANGED (EntityForm).
      {...(offer ? { version: offer.updatedAt } : {})}
      toBody={(v, ctx) => ({ ...(offer ? { id: offer.id, version: ctx.version } : {}), offer: v })}
      submitLabel={t('renewal:offers.save')}
      onSuccess={onDone}
      onCancel={onDone}
      aria-label={offer ? t('renewal:offers.editTitle', { code: offer.offerCode }) : t('renewal:offers.addTitle')}
    >
      <Grid container spacing={2}>
        <Half><TextFieldElement name="offerCode" label={f('offerCode')} required maxLength={30} /></Half>
        <Half><SelectElement name="status" label={f('status')} emptyLabel={false} options={OFFER_STATUSES.map((s) => ({ value: s, label: t(`renewal:offers.status.${s}`) }))} /></Half>
        <Half><TextFieldElement name="nameEn" label={f('nameEn')} required maxLength={120} /></Half>
        <Half><TextFieldElement name="nameZh" label={f('nameZh')} required maxLength={120} /></Half>
        <Half><TextFieldElement name="descriptionEn" label={f('descriptionEn')} maxLength={1000} /></Half>
        <Half><TextFieldElement name="descriptionZh" label={f('descriptionZh')} maxLength={1000} /></Half>
        <Half><SelectElement name="contractType" label={f('contractType')} emptyLabel={t('renewal:offers.anyType')} options={CONTRACT_TYPES.map((c) => ({ value: c, label: t(`contracts:type.${c}`) }))} /></Half>
        <Half><NumberFieldElement name="termMonths" label={f('termMonths')} min={1} max={120} required /></Half>
        <Half><MoneyFieldElement name="periodChargeCents" label={f('periodCharge')} /></Half>
        <Half><MoneyFieldElement name="minimumChargeCents" label={f('minimumCharge')} /></Half>
        <Half><TextFieldElement name="monoRate" label={f('monoRate')} required maxLength={9} /></Half>
        <Half><TextFieldElement name="colourRate" label={f('colourRate')} required maxLength={9} /></Half>
        <Half><NumberFieldElement name="monoAllowance" label={f('monoAllowance')} min={0} /></Half>
        <Half><NumberFieldElement name="colourAllowance" label={f('colourAllowance')} min={0} /></Half>
        <Half><DateFieldElement name="validFrom" label={f('validFrom')} required /></Half>
        <Half><DateFieldElement name="validTo" label={f('validTo')} required /></Half>
        <Grid size={12}>
          <SelectElement
            name="newModelCode"
            label={f('newModel')}
            emptyLabel={t('renewal:offers.noModel')}
            options={(models.data ?? []).map((m) => ({ value: m.modelCode, label: pickLocalized(locale, m.nameEn, m.nameZh) }))}
          />
        </Grid>
      </Grid>
    </EntityForm>
  );
}

/**
 * The edit of one offer: the form starts from the list row and then follows the offer read by id (`getOffer`). After a
 * 409 RECORD_CHANGED the save's invalidation reads it again, so the form gets the current values and version even when
 * the colleague's change moved the offer off the list page the dialog was opened from (the list no longer has the row).
 */
function EditOffer({ row, onDone }: { row: OfferItem; onDone: () => void }) {
  const current = useEndpointQuery(R.getOffer, { id: row.id });
  return <OfferForm offer={current.data ?? row} onDone={onDone} />;
}

/** `/admin-controls/contract-renewal-offer-maintenance`: the provider's renewal offers; add and edit (audited). */
export function OfferMaintenanceScreen() {
  const { t } = useTranslation(['renewal', 'contracts', 'common']);
  const { locale } = useRouter();
  const [editing, setEditing] = useState<OfferItem | 'new' | null>(null);
  // A phone gets the whole screen for the form's 17 fields, as the other form dialogs do.
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  // A click beside the dialog does not close it: that threw away everything typed into the form (QA). Cancel and Esc
  // still close it.
  const closeDialog = (_event: unknown, reason?: 'backdropClick' | 'escapeKeyDown') => {
    if (reason !== 'backdropClick') setEditing(null);
  };
  const columns: DataTableColumn<OfferItem, SortField>[] = useMemo(
    () => [
      { key: 'offerCode', header: t('renewal:offers.fields.offerCode'), sortable: true, render: (r) => r.offerCode },
      { key: 'name', header: t('renewal:offers.fields.name'), render: (r) => pickLocalized(locale, r.nameEn, r.nameZh) },
      { key: 'type', header: t('renewal:offers.fields.contractType'), hideOnMobile: true, render: (r) => (r.contractType ? t(`contracts:type.${r.contractType}`) : t('renewal:offers.anyType')) },
      { key: 'term', header: t('renewal:offers.fields.termMonths'), align: 'right', hideOnMobile: true, render: (r) => r.termMonths },
      { key: 'periodCharge', header: t('renewal:offers.fields.periodCharge'), sortable: true, align: 'right', hideOnMobile: true, render: (r) => formatMoney(r.periodChargeCents, locale) },
      { key: 'validTo', header: t('renewal:offers.fields.validTo'), sortable: true, render: (r) => formatDate(r.validTo, locale) },
      { key: 'renewals', header: t('renewal:offers.renewals'), align: 'right', hideOnMobile: true, render: (r) => r.renewalCount },
      { key: 'status', header: t('renewal:offers.fields.status'), render: (r) => <StatusChip status={r.status} label={t(`renewal:offers.status.${r.status}`)} /> },
    ],
    [t, locale],
  );
  return (
    <ListScreen<OfferItem, SortField>
      endpoint={R.listOffers}
      header={{
        title: t('renewal:offers.title'),
        subtitle: t('renewal:offers.subtitle'),
        actions: (
          <Button variant="contained" startIcon={<AddIcon aria-hidden />} onClick={() => setEditing('new')} data-testid="add-offer">
            {t('renewal:offers.add')}
          </Button>
        ),
      }}
      columns={columns}
      onRowClick={(r) => setEditing(r)}
      filterConfig={{ q: { label: t('renewal:offers.search') }, status: { label: t('renewal:offers.fields.status'), optionLabel: (s) => t(`renewal:offers.status.${s}`) } }}
      emptyMessage={t('renewal:offers.empty')}
    >
      {() => (
        <Dialog open={editing !== null} onClose={closeDialog} maxWidth="md" fullWidth fullScreen={fullScreen}>
          <DialogTitle>{editing === 'new' ? t('renewal:offers.addTitle') : editing ? t('renewal:offers.editTitle', { code: editing.offerCode }) : ''}</DialogTitle>
          <DialogContent>
            <Box sx={{ pt: 1 }}>
              {editing === 'new' ? <OfferForm key="new" offer={null} onDone={() => setEditing(null)} /> : editing ? <EditOffer key={editing.id} row={editing} onDone={() => setEditing(null)} /> : null}
            </Box>
          </DialogContent>
        </Dialog>
      )}
    </ListScreen>
  );
}
