import type { ReactNode } from 'react';
import { useRouter } from 'next/router';
import Stack from '@mui/material/Stack';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'next-i18next/pages';
import type { Control, FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { z } from 'zod';
import { EntityForm, type EntityFormProps } from '@/components/common/EntityForm';
import { FileUploadField } from '@/components/common/FileUploadField';
import { KeepCodesWhole } from '@/components/common/NoBreak';
import { DateFieldElement, Form, FormCancelButton, RadioGroupElement, TextFieldElement, type FormDefaults } from '@/components/common/form';
import { useUploadProgress } from '@/components/common/useUploadProgress';
import { callUpload, invalidateFor } from '@/lib/api/query';
import type { ApiResult } from '@/lib/api/types';
import { accountChangesContract as C } from '@/lib/accountChanges/contract';
import { ATTACHMENT_FILE_TYPES, type ChangeType } from '@/lib/accountChanges/constants';
import {
  billingAddressFormSchema,
  companyNameFormSchema,
  LIMITS,
  machineLocationFormSchema,
  receiveHardcopyFormSchema,
  tonerAddressFormSchema,
  transferAgreementFormSchema,
  type CurrentValues,
  type CustomerChangeListItem,
  type SubmitResult,
} from '@/lib/accountChanges/schemas';
import type { BodyOf, Endpoint } from '@/lib/contract';
import { addDays, hkToday } from '@/lib/dates/hongKong';
import { formatDate, pickLocalized } from '@/lib/i18n/locales';
import { zodMessages } from '@/lib/zodMessages';
import { AddressFields, ChangeFormScreen, type ChangeFormDone, CheckboxListElement, ContactFields, emptyAddress, withTerms } from './FormParts';

const fileSchema = z.custom<File>((v) => typeof File !== 'undefined' && v instanceof File, { error: zodMessages.fileRequired });
const ACCEPT = ATTACHMENT_FILE_TYPES;

/** The day a change takes effect (or a machine moves): required, from today (Hong Kong) up to LIMITS.maxDaysAhead ahead. */
function ChangeDateField<T extends FieldValues>({ control, name, label }: { control: Control<T, unknown, unknown>; name: Path<T>; label: string }) {
  const today = hkToday();
  return <DateFieldElement control={control} name={name} label={label} required min={today} max={addDays(today, LIMITS.maxDaysAhead)} />;
}

type Option = { value: string; label: string };

/**
 * The machines or contracts to choose; one an open request of the form's type already holds (`heldIds`: its
 * `machineIds` / `contractIds` from the list) is marked with that request and cannot be chosen: the server would
 * refuse it on "Submit" (QA: the note said only "for some of your machines / contracts", and the customer learnt which
 * from the refusal). An approved transfer still holds its contracts until it is completed, and says so.
 */
function markHeld(
  options: Option[],
  open: readonly CustomerChangeListItem[],
  heldIds: (r: CustomerChangeListItem) => readonly string[],
  t: (k: string, o?: Record<string, unknown>) => string,
) {
  return options.map((o) => {
    const by = open.find((r) => heldIds(r).includes(o.value));
    if (!by) return o;
    const note = t(by.status === 'approved' ? 'form.heldApproved' : 'form.held', { requestNo: by.requestNo });
    return { ...o, disabled: true, note: <KeepCodesWhole text={note} codes={[by.requestNo]} /> };
  });
}

const machineOptions = (c: CurrentValues, open: readonly CustomerChangeListItem[], locale: string | undefined, t: (k: string, o?: Record<string, unknown>) => string) =>
  markHeld(
    c.machines.map((m) => ({
      value: m.id,
      label: `${t('form.machineLabel', { serialNo: m.serialNo, model: pickLocalized(locale, m.modelNameEn, m.modelNameZh) })} · ${pickLocalized(locale, m.locationEn, m.locationZh)}`,
    })),
    open,
    (r) => r.machineIds,
    t,
  );

const contractOptions = (c: CurrentValues, open: readonly CustomerChangeListItem[], locale: string | undefined, t: (k: string, o?: Record<string, unknown>) => string) =>
  markHeld(
    c.contracts.map((k) => ({ value: k.id, label: t('form.contractLabel', { contractNo: k.contractNo, endDate: formatDate(k.endDate, locale) }) })),
    open,
    (r) => r.contractIds,
    t,
  );

/** A change form through its contract mutation (EntityForm): the body with the accepted terms, "Submit", then done. */
function ChangeEntityForm<E extends Endpoint<'mutation'>, TIn extends FieldValues, TOut extends object>({
  type,
  onSuccess,
  onCancel,
  children,
  ...rest
}: Pick<EntityFormProps<E, TIn, TOut>, 'endpoint' | 'schema' | 'defaultValues'> & {
  type: ChangeType;
  onSuccess: ChangeFormDone['onSuccess'];
  onCancel: () => void;
  children: (form: UseFormReturn<TIn, unknown, TOut>) => ReactNode;
}) {
  const { t } = useTranslation(['accountChanges', 'common']);
  return (
    <EntityForm {...rest} aria-label={t(`types.${type}`)} toBody={(v, ctx) => withTerms(v, ctx) as BodyOf<E>} submitLabel={t('form.submit')} onSuccess={(r) => onSuccess(r as SubmitResult)} onCancel={onCancel}>
      {(form) => <Stack spacing={2}>{children(form)}</Stack>}
    </EntityForm>
  );
}

/**
 * A change form with an attachment (company name, transfer agreement): the fields and the file go as one multipart
 * request with upload progress, then the change list is refreshed; "Submit" and "Cancel" as every change form.
 */
function AttachmentForm<E extends Endpoint<'upload'>, TIn extends FieldValues & { file: File }, TOut extends { file: File }>({
  endpoint,
  type,
  schema,
  defaultValues,
  fileLabel,
  onSuccess,
  onCancel,
  children,
}: {
  endpoint: E;
  type: ChangeType;
  schema: z.ZodType<TOut, TIn>;
  defaultValues: FormDefaults<TIn>;
  fileLabel: string;
  onSuccess: (r: SubmitResult | undefined) => void;
  onCancel: () => void;
  children: (form: UseFormReturn<TIn, unknown, TOut>) => ReactNode;
}) {
  const { t } = useTranslation(['accountChanges', 'common']);
  const upload = useUploadProgress();
  const client = useQueryClient();
  return (
    <Form
      schema={schema}
      errorSummary
      aria-label={t(`types.${type}`)}
      defaultValues={defaultValues}
      submitLabel={t('form.submit')}
      onSubmit={async ({ file, ...fields }, { idempotencyKey }) => {
        const body = { ...fields, idempotencyKey, termsAccepted: true as const } as unknown as BodyOf<E>;
        const result = await upload.track((onProgress) => callUpload(endpoint, body, file, { onProgress }));
        if (result.ok) await invalidateFor(client, endpoint);
        return result as ApiResult<SubmitResult>;
      }}
      onSuccess={onSuccess}
      secondaryActions={<CancelButton onClick={onCancel} />}
    >
      {(form) => (
        <Stack spacing={2}>
          {children(form)}
          <FileUploadField control={form.control} name={'file' as Path<TIn>} label={fileLabel} accept={ACCEPT} progress={upload.progress} required />
        </Stack>
      )}
    </Form>
  );
}

/** The machines a change is about and the new address (machine location, toner delivery). */
function MachinesAndAddress<T extends FieldValues>({ control, c, open }: { control: Control<T, unknown, unknown>; c: CurrentValues; open: readonly CustomerChangeListItem[] }) {
  const { t } = useTranslation(['accountChanges', 'common']);
  const { locale } = useRouter();
  return (
    <>
      <CheckboxListElement control={control} name={'machineIds' as Path<T>} label={t('fields.machines')} options={machineOptions(c, open, locale, t)} emptyText={t('form.noMachines')} />
      <AddressFields control={control} prefix="address" />
    </>
  );
}

/** change-of-company-name: new names, BR number, effective date and the BR certificate (multipart). */
export function CompanyNameScreen() {
  const { t } = useTranslation(['accountChanges', 'common']);
  return (
    <ChangeFormScreen
      type="comp_name"
      current={(c) => [
        [t('fields.nameEn'), c.customer.nameEn],
        [t('fields.nameZh'), c.customer.nameZh],
        [t('fields.brNo'), c.customer.brNo ?? t('form.none')],
      ]}
    >
      {(_c, done) => (
        <AttachmentForm
          {...done}
          endpoint={C.endpoints.submitCompanyName}
          schema={companyNameFormSchema.extend({ file: fileSchema })}
          defaultValues={{ nameEn: '', nameZh: '', brNo: '', effectiveDate: '', file: null }}
          fileLabel={t('fields.brCertificate')}
        >
          {(form) => (
            <>
              <TextFieldElement control={form.control} name="nameEn" label={t('fields.nameEn')} required maxLength={LIMITS.companyNameEn} />
              <TextFieldElement control={form.control} name="nameZh" label={t('fields.nameZh')} required maxLength={LIMITS.companyNameZh} />
              <TextFieldElement control={form.control} name="brNo" label={t('fields.brNo')} required />
              <ChangeDateField control={form.control} name="effectiveDate" label={t('fields.effectiveDate')} />
            </>
          )}
        </AttachmentForm>
      )}
    </ChangeFormScreen>
  );
}

/** change-of-billing-address: the structured address, contact and effective date. */
export function BillingAddressScreen() {
  const { t } = useTranslation(['accountChanges', 'common']);
  const { locale } = useRouter();
  return (
    <ChangeFormScreen
      type="bill_addr"
      current={(c) => [
        [t('fields.address'), pickLocalized(locale, c.customer.billingAddressEn, c.customer.billingAddressZh)],
        [t('fields.contactName'), c.customer.contactName],
        [t('fields.contactPhone'), c.customer.contactPhone],
      ]}
    >
      {(_c, done) => (
        <ChangeEntityForm
          {...done}
          endpoint={C.endpoints.submitBillingAddress}
          schema={billingAddressFormSchema}
          defaultValues={{ address: emptyAddress, contactName: '', contactPhone: '', effectiveDate: '' }}
        >
          {(form) => (
            <>
              <AddressFields control={form.control} prefix="address" />
              <ContactFields control={form.control} name="contactName" phone="contactPhone" nameLabel={t('fields.contactName')} phoneLabel={t('fields.contactPhone')} />
              <ChangeDateField control={form.control} name="effectiveDate" label={t('fields.effectiveDate')} />
            </>
          )}
        </ChangeEntityForm>
      )}
    </ChangeFormScreen>
  );
}

/** change-of-machine-location: which machines, where to, site contact, preferred move date. */
export function MachineLocationScreen() {
  const { t } = useTranslation(['accountChanges', 'common']);
  const { locale } = useRouter();
  return (
    <ChangeFormScreen
      type="machine_loc"
      current={(c) => c.machines.map((m) => [m.serialNo, `${pickLocalized(locale, m.addressEn, m.addressZh)} · ${pickLocalized(locale, m.locationEn, m.locationZh)}`] as const)}
    >
      {(c, done, open) => (
        <ChangeEntityForm
          {...done}
          endpoint={C.endpoints.submitMachineLocation}
          schema={machineLocationFormSchema}
          defaultValues={{ machineIds: [], address: emptyAddress, locationDetail: '', siteContactName: '', siteContactPhone: '', moveDate: '' }}
        >
          {(form) => (
            <>
              <MachinesAndAddress control={form.control} c={c} open={open} />
              <TextFieldElement
                control={form.control}
                name="locationDetail"
                label={t('fields.locationDetail')}
                // The example is the form's hint, not part of the label the request's page shows beside the value (QA).
                helperText={t('fields.locationDetailHint')}
                maxLength={LIMITS.locationDetail}
              />
              <ContactFields control={form.control} name="siteContactName" phone="siteContactPhone" nameLabel={t('fields.siteContactName')} phoneLabel={t('fields.siteContactPhone')} />
              <ChangeDateField control={form.control} name="moveDate" label={t('fields.moveDate')} />
            </>
          )}
        </ChangeEntityForm>
      )}
    </ChangeFormScreen>
  );
}

/** change-of-receive-hardcopy: paper bills on or off, and the e-bill e-mail. */
export function ReceiveHardcopyScreen() {
  const { t } = useTranslation(['accountChanges', 'common']);
  const schema = receiveHardcopyFormSchema.extend({ receiveHardcopy: z.enum(['yes', 'no'], { error: 'ui.validation.required' }).transform((v) => v === 'yes') });
  return (
    <ChangeFormScreen
      type="rec_hardcopy"
      current={(c) => [
        [t('fields.receiveHardcopy'), c.customer.receiveHardcopyBill ? t('fields.hardcopyOn') : t('fields.hardcopyOff')],
        [t('fields.ebillEmail'), c.customer.contactEmail || t('form.none')],
      ]}
    >
      {(c, done) => (
        <ChangeEntityForm
          {...done}
          endpoint={C.endpoints.submitReceiveHardcopy}
          schema={schema}
          // The current setting: a change is a choice the customer makes, never one pre-selected for them.
          defaultValues={{ receiveHardcopy: c.customer.receiveHardcopyBill ? 'yes' : 'no', ebillEmail: c.customer.contactEmail }}
        >
          {(form) => (
            <>
              <RadioGroupElement
                control={form.control}
                name="receiveHardcopy"
                label={t('fields.receiveHardcopy')}
                required
                options={[
                  { value: 'yes', label: t('fields.hardcopyOn') },
                  { value: 'no', label: t('fields.hardcopyOff') },
                ]}
              />
              <TextFieldElement control={form.control} name="ebillEmail" label={t('fields.ebillEmail')} required type="email" maxLength={LIMITS.email} />
            </>
          )}
        </ChangeEntityForm>
      )}
    </ChangeFormScreen>
  );
}

/** change-of-toner-delivery-address: which machines, the delivery address and contact. */
export function TonerAddressScreen() {
  const { t } = useTranslation(['accountChanges', 'common']);
  const { locale } = useRouter();
  return (
    <ChangeFormScreen
      type="toner_addr"
      current={(c) => c.machines.map((m) => [m.serialNo, `${pickLocalized(locale, m.tonerAddressEn, m.tonerAddressZh)} · ${m.tonerContactName} ${m.tonerContactPhone}`] as const)}
    >
      {(c, done, open) => (
        <ChangeEntityForm
          {...done}
          endpoint={C.endpoints.submitTonerAddress}
          schema={tonerAddressFormSchema}
          defaultValues={{ machineIds: [], address: emptyAddress, contactName: '', contactPhone: '' }}
        >
          {(form) => (
            <>
              <MachinesAndAddress control={form.control} c={c} open={open} />
              <ContactFields control={form.control} name="contactName" phone="contactPhone" nameLabel={t('fields.contactName')} phoneLabel={t('fields.contactPhone')} />
            </>
          )}
        </ChangeEntityForm>
      )}
    </ChangeFormScreen>
  );
}

/** transfer-or-novation-agreement: contracts, the transferee, effective date and the signed agreement (multipart). */
export function TransferAgreementScreen() {
  const { t } = useTranslation(['accountChanges', 'common']);
  const { locale } = useRouter();
  return (
    <ChangeFormScreen
      type="trans_agree"
      current={(c) => c.contracts.map((k) => [k.contractNo, t('form.contractUntil', { endDate: formatDate(k.endDate, locale) })] as const)}
    >
      {(c, done, open) => (
        <AttachmentForm
          {...done}
          endpoint={C.endpoints.submitTransferAgreement}
          schema={transferAgreementFormSchema.extend({ file: fileSchema })}
          defaultValues={{
            contractIds: [],
            transfereeNameEn: '',
            transfereeNameZh: '',
            transfereeBrNo: '',
            transfereeContactName: '',
            transfereeContactPhone: '',
            transfereeEmail: '',
            effectiveDate: '',
            file: null,
          }}
          fileLabel={t('fields.signedAgreement')}
        >
          {(form) => (
            <>
              <CheckboxListElement
                control={form.control}
                name="contractIds"
                label={t('fields.contracts')}
                options={contractOptions(c, open, locale, t)}
                emptyText={t('form.noContracts')}
              />
              <TextFieldElement control={form.control} name="transfereeNameEn" label={t('fields.transfereeNameEn')} required maxLength={LIMITS.companyNameEn} />
              <TextFieldElement control={form.control} name="transfereeNameZh" label={t('fields.transfereeNameZh')} maxLength={LIMITS.companyNameZh} />
              <TextFieldElement control={form.control} name="transfereeBrNo" label={t('fields.transfereeBrNo')} required />
              <ContactFields control={form.control} name="transfereeContactName" phone="transfereeContactPhone" nameLabel={t('fields.transfereeContactName')} phoneLabel={t('fields.transfereeContactPhone')} />
              <TextFieldElement control={form.control} name="transfereeEmail" label={t('fields.transfereeEmail')} required type="email" maxLength={LIMITS.email} />
              <ChangeDateField control={form.control} name="effectiveDate" label={t('fields.effectiveDate')} />
            </>
          )}
        </AttachmentForm>
      )}
    </ChangeFormScreen>
  );
}

function CancelButton({ onClick }: { onClick: () => void }) {
  const { t } = useTranslation('common');
  return <FormCancelButton onClick={onClick}>{t('ui.form.cancel')}</FormCancelButton>;
}
