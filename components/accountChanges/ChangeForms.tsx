import { useState } from 'react';
import { useRouter } from 'next/router';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'next-i18next/pages';
import { z } from 'zod';
import { EntityForm } from '@/components/common/EntityForm';
import { FileUploadField } from '@/components/common/FileUploadField';
import { DateFieldElement, Form, RadioGroupElement, TextFieldElement } from '@/components/common/form';
import { useUploadProgress } from '@/components/common/useUploadProgress';
import { callUpload, invalidateFor } from '@/lib/api/query';
import { accountChangesContract as C } from '@/lib/accountChanges/contract';
import { ATTACHMENT_FILE_TYPES } from '@/lib/accountChanges/constants';
import {
  billingAddressFormSchema,
  companyNameFormSchema,
  LIMITS,
  machineLocationFormSchema,
  receiveHardcopyFormSchema,
  tonerAddressFormSchema,
  transferAgreementFormSchema,
  type CurrentValues,
  type SubmitResult,
} from '@/lib/accountChanges/schemas';
import { addDays, hkToday } from '@/lib/dates/hongKong';
import { formatDate, pickLocalized } from '@/lib/i18n/locales';
import { zodMessages } from '@/lib/zodMessages';
import { AddressFields, ChangeFormScreen, CheckboxListElement, ContactFields, emptyAddress, withTerms } from './FormParts';
import { LIST_PATH } from './links';

const fileSchema = z.custom<File>((v) => typeof File !== 'undefined' && v instanceof File, { error: zodMessages.fileRequired });
const ACCEPT = ATTACHMENT_FILE_TYPES;

function useDates() {
  const today = hkToday();
  return { min: today, max: addDays(today, LIMITS.maxDaysAhead) };
}

function useDone() {
  const { t } = useTranslation('accountChanges');
  const router = useRouter();
  const [done, setDone] = useState<SubmitResult | null>(null);
  const finish = (r: SubmitResult | undefined) => {
    if (!r) return;
    setDone(r);
    void router.replace({ pathname: router.pathname, query: { ...router.query, accepted: undefined } }, undefined, { shallow: true });
    window.scrollTo({ top: 0 });
  };
  const cancel = () => void router.push(LIST_PATH);
  // What every change form's EntityForm takes alike: the body with the accepted terms, "Submit", done, back to the list.
  const entityProps = { toBody: withTerms, submitLabel: t('form.submit'), onSuccess: finish, onCancel: cancel };
  return { done, finish, cancel, entityProps };
}

const machineOptions = (c: CurrentValues, locale: string | undefined, t: (k: string, o?: Record<string, unknown>) => string) =>
  c.machines.map((m) => ({
    value: m.id,
    label: `${t('form.machineLabel', { serialNo: m.serialNo, model: pickLocalized(locale, m.modelNameEn, m.modelNameZh) })} · ${pickLocalized(locale, m.locationEn, m.locationZh)}`,
  }));

/** change-of-company-name: new names, BR number, effective date and the BR certificate (multipart). */
export function CompanyNameScreen() {
  const { t } = useTranslation(['accountChanges', 'common']);
  const { done, finish, cancel } = useDone();
  const dates = useDates();
  const upload = useUploadProgress();
  const client = useQueryClient();
  const schema = companyNameFormSchema.extend({ file: fileSchema });
  return (
    <ChangeFormScreen
      type="comp_name"
      done={done}
      current={(c) => [
        [t('fields.nameEn'), c.customer.nameEn],
        [t('fields.nameZh'), c.customer.nameZh],
        [t('fields.brNo'), c.customer.brNo ?? t('form.none')],
      ]}
    >
      {() => (
        <Form
          schema={schema}
          errorSummary
          aria-label={t('types.comp_name')}
          defaultValues={{ nameEn: '', nameZh: '', brNo: '', effectiveDate: '', file: null as unknown as File }}
          submitLabel={t('form.submit')}
          onSubmit={async ({ file, ...fields }, { idempotencyKey }) => {
            const result = await upload.track((onProgress) => callUpload(C.endpoints.submitCompanyName, { ...fields, idempotencyKey, termsAccepted: true as const }, file, { onProgress }));
            if (result.ok) await invalidateFor(client, C.endpoints.submitCompanyName);
            return result;
          }}
          onSuccess={finish}
          secondaryActions={<CancelButton onClick={cancel} />}
        >
          {(form) => (
            <Stack spacing={2}>
              <TextFieldElement control={form.control} name="nameEn" label={t('fields.nameEn')} required maxLength={LIMITS.companyNameEn} />
              <TextFieldElement control={form.control} name="nameZh" label={t('fields.nameZh')} required maxLength={LIMITS.companyNameZh} />
              <TextFieldElement control={form.control} name="brNo" label={t('fields.brNo')} required />
              <DateFieldElement control={form.control} name="effectiveDate" label={t('fields.effectiveDate')} required min={dates.min} max={dates.max} />
              <FileUploadField control={form.control} name="file" label={t('fields.brCertificate')} accept={ACCEPT} progress={upload.progress} required />
            </Stack>
          )}
        </Form>
      )}
    </ChangeFormScreen>
  );
}

/** change-of-billing-address: the structured address, contact and effective date. */
export function BillingAddressScreen() {
  const { t } = useTranslation(['accountChanges', 'common']);
  const { locale } = useRouter();
  const { done, entityProps } = useDone();
  const dates = useDates();
  return (
    <ChangeFormScreen
      type="bill_addr"
      done={done}
      current={(c) => [
        [t('fields.address'), pickLocalized(locale, c.customer.billingAddressEn, c.customer.billingAddressZh)],
        [t('fields.contactName'), c.customer.contactName],
        [t('fields.contactPhone'), c.customer.contactPhone],
      ]}
    >
      {() => (
        <EntityForm
          endpoint={C.endpoints.submitBillingAddress}
          schema={billingAddressFormSchema}
          aria-label={t('types.bill_addr')}
          defaultValues={{ address: emptyAddress as never, contactName: '', contactPhone: '', effectiveDate: '' }}
          {...entityProps}
        >
          {(form) => (
            <Stack spacing={2}>
              <AddressFields control={form.control} prefix="address" />
              <ContactFields control={form.control} name="contactName" phone="contactPhone" nameLabel={t('fields.contactName')} phoneLabel={t('fields.contactPhone')} />
              <DateFieldElement control={form.control} name="effectiveDate" label={t('fields.effectiveDate')} required min={dates.min} max={dates.max} />
            </Stack>
          )}
        </EntityForm>
      )}
    </ChangeFormScreen>
  );
}

/** change-of-machine-location: which machines, where to, site contact, preferred move date. */
export function MachineLocationScreen() {
  const { t } = useTranslation(['accountChanges', 'common']);
  const { locale } = useRouter();
  const { done, entityProps } = useDone();
  const dates = useDates();
  return (
    <ChangeFormScreen
      type="machine_loc"
      done={done}
      current={(c) => c.machines.map((m) => [m.serialNo, `${pickLocalized(locale, m.addressEn, m.addressZh)} · ${pickLocalized(locale, m.locationEn, m.locationZh)}`] as const)}
    >
      {(c) => (
        <EntityForm
          endpoint={C.endpoints.submitMachineLocation}
          schema={machineLocationFormSchema}
          aria-label={t('types.machine_loc')}
          defaultValues={{ machineIds: [], address: emptyAddress as never, locationDetail: '', siteContactName: '', siteContactPhone: '', moveDate: '' }}
          {...entityProps}
        >
          {(form) => (
            <Stack spacing={2}>
              <CheckboxListElement control={form.control} name="machineIds" label={t('fields.machines')} options={machineOptions(c, locale, t)} emptyText={t('form.noMachines')} />
              <AddressFields control={form.control} prefix="address" />
              <TextFieldElement control={form.control} name="locationDetail" label={t('fields.locationDetail')} maxLength={LIMITS.locationDetail} />
              <ContactFields control={form.control} name="siteContactName" phone="siteContactPhone" nameLabel={t('fields.siteContactName')} phoneLabel={t('fields.siteContactPhone')} />
              <DateFieldElement control={form.control} name="moveDate" label={t('fields.moveDate')} required min={dates.min} max={dates.max} />
            </Stack>
          )}
        </EntityForm>
      )}
    </ChangeFormScreen>
  );
}

/** change-of-receive-hardcopy: paper bills on or off, and the e-bill e-mail. */
export function ReceiveHardcopyScreen() {
  const { t } = useTranslation(['accountChanges', 'common']);
  const { done, entityProps } = useDone();
  const schema = receiveHardcopyFormSchema.extend({ receiveHardcopy: z.enum(['yes', 'no'], { error: 'ui.validation.required' }).transform((v) => v === 'yes') });
  return (
    <ChangeFormScreen
      type="rec_hardcopy"
      done={done}
      current={(c) => [
        [t('fields.receiveHardcopy'), c.customer.receiveHardcopyBill ? t('fields.hardcopyOn') : t('fields.hardcopyOff')],
        [t('fields.ebillEmail'), c.customer.contactEmail || t('form.none')],
      ]}
    >
      {(c) => (
        <EntityForm
          endpoint={C.endpoints.submitReceiveHardcopy}
          schema={schema}
          aria-label={t('types.rec_hardcopy')}
          defaultValues={{ receiveHardcopy: c.customer.receiveHardcopyBill ? 'no' : 'yes', ebillEmail: c.customer.contactEmail }}
          {...entityProps}
        >
          {(form) => (
            <Stack spacing={2}>
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
            </Stack>
          )}
        </EntityForm>
      )}
    </ChangeFormScreen>
  );
}

/** change-of-toner-delivery-address: which machines, the delivery address and contact. */
export function TonerAddressScreen() {
  const { t } = useTranslation(['accountChanges', 'common']);
  const { locale } = useRouter();
  const { done, entityProps } = useDone();
  return (
    <ChangeFormScreen
      type="toner_addr"
      done={done}
      current={(c) => c.machines.map((m) => [m.serialNo, `${pickLocalized(locale, m.tonerAddressEn, m.tonerAddressZh)} · ${m.tonerContactName} ${m.tonerContactPhone}`] as const)}
    >
      {(c) => (
        <EntityForm
          endpoint={C.endpoints.submitTonerAddress}
          schema={tonerAddressFormSchema}
          aria-label={t('types.toner_addr')}
          defaultValues={{ machineIds: [], address: emptyAddress as never, contactName: '', contactPhone: '' }}
          {...entityProps}
        >
          {(form) => (
            <Stack spacing={2}>
              <CheckboxListElement control={form.control} name="machineIds" label={t('fields.machines')} options={machineOptions(c, locale, t)} emptyText={t('form.noMachines')} />
              <AddressFields control={form.control} prefix="address" />
              <ContactFields control={form.control} name="contactName" phone="contactPhone" nameLabel={t('fields.contactName')} phoneLabel={t('fields.contactPhone')} />
            </Stack>
          )}
        </EntityForm>
      )}
    </ChangeFormScreen>
  );
}

/** transfer-or-novation-agreement: contracts, the transferee, effective date and the signed agreement (multipart). */
export function TransferAgreementScreen() {
  const { t } = useTranslation(['accountChanges', 'common']);
  const { locale } = useRouter();
  const { done, finish, cancel } = useDone();
  const dates = useDates();
  const upload = useUploadProgress();
  const client = useQueryClient();
  const schema = transferAgreementFormSchema.extend({ file: fileSchema });
  return (
    <ChangeFormScreen
      type="trans_agree"
      done={done}
      current={(c) => c.contracts.map((k) => [k.contractNo, t('form.contractLabel', { contractNo: k.contractNo, endDate: formatDate(k.endDate, locale) })] as const)}
    >
      {(c) => (
        <Form
          schema={schema}
          errorSummary
          aria-label={t('types.trans_agree')}
          defaultValues={{
            contractIds: [],
            transfereeNameEn: '',
            transfereeNameZh: '',
            transfereeBrNo: '',
            transfereeContactName: '',
            transfereeContactPhone: '',
            transfereeEmail: '',
            effectiveDate: '',
            file: null as unknown as File,
          }}
          submitLabel={t('form.submit')}
          onSubmit={async ({ file, ...fields }, { idempotencyKey }) => {
            const result = await upload.track((onProgress) => callUpload(C.endpoints.submitTransferAgreement, { ...fields, idempotencyKey, termsAccepted: true as const }, file, { onProgress }));
            if (result.ok) await invalidateFor(client, C.endpoints.submitTransferAgreement);
            return result;
          }}
          onSuccess={finish}
          secondaryActions={<CancelButton onClick={cancel} />}
        >
          {(form) => (
            <Stack spacing={2}>
              <CheckboxListElement
                control={form.control}
                name="contractIds"
                label={t('fields.contracts')}
                options={c.contracts.map((k) => ({ value: k.id, label: t('form.contractLabel', { contractNo: k.contractNo, endDate: formatDate(k.endDate, locale) }) }))}
                emptyText={t('form.noContracts')}
              />
              <TextFieldElement control={form.control} name="transfereeNameEn" label={t('fields.transfereeNameEn')} required maxLength={LIMITS.companyNameEn} />
              <TextFieldElement control={form.control} name="transfereeNameZh" label={t('fields.transfereeNameZh')} maxLength={LIMITS.companyNameZh} />
              <TextFieldElement control={form.control} name="transfereeBrNo" label={t('fields.transfereeBrNo')} required />
              <ContactFields control={form.control} name="transfereeContactName" phone="transfereeContactPhone" nameLabel={t('fields.transfereeContactName')} phoneLabel={t('fields.transfereeContactPhone')} />
              <TextFieldElement control={form.control} name="transfereeEmail" label={t('fields.transfereeEmail')} required type="email" maxLength={LIMITS.email} />
              <DateFieldElement control={form.control} name="effectiveDate" label={t('fields.effectiveDate')} required min={dates.min} max={dates.max} />
              <FileUploadField control={form.control} name="file" label={t('fields.signedAgreement')} accept={ACCEPT} progress={upload.progress} required />
            </Stack>
          )}
        </Form>
      )}
    </ChangeFormScreen>
  );
}

function CancelButton({ onClick }: { onClick: () => void }) {
  const { t } = useTranslation('common');
  return <Button onClick={onClick}>{t('ui.form.cancel')}</Button>;
}
