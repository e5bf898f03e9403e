import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useRouter } from 'next/router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Grid from '@mui/material/Grid';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import Link from 'next/link';
import { useTranslation } from 'next-i18next/pages';
import { useController, useFormContext, useWatch, type Control, type FieldValues, type Path, type PathValue } from 'react-hook-form';
import { AlertWithLinks } from '@/components/common/AlertWithLinks';
import { DetailSection, FactsSection } from '@/components/common/DetailParts';
import { DetailScreen } from '@/components/common/DetailScreen';
import { PageHeader } from '@/components/common/PageHeader';
import { useUrlParam } from '@/components/common/useUrlParam';
import { SelectElement, TextFieldElement, fieldErrorMessage, useFieldMessage } from '@/components/common/form';
import { useEndpointQuery } from '@/lib/api/query';
import { accountChangesContract as C } from '@/lib/accountChanges/contract';
import { customerWritableTypes, type ChangeType } from '@/lib/accountChanges/constants';
import { HK_DISTRICTS_BY_REGION, HK_REGIONS, LIMITS, type CurrentValues, type CustomerChangeListItem, type HkRegion, type SubmitResult } from '@/lib/accountChanges/schemas';
import { ADD_PATH, agreementPath, LIST_PATH, requestPath } from './links';
import { blocksType, OpenRequestNote } from './OpenRequestNote';
import { useCodes } from './useCodes';
import { useOpenRequests, type OpenRequests } from './useOpenRequests';

type Row = readonly [string, ReactNode];

/** The change's type (the form's name), what its form does after a submission and on "Cancel". */
export type ChangeFormDone = { type: ChangeType; onSuccess: (r: SubmitResult | undefined) => void; onCancel: () => void };

/** `?accepted=1`: the agreement page opened the form with the terms accepted (`formPath(type, true)`). */
const ACCEPTED_PARAM = 'accepted';

/** After a submission: the confirmation (with the request number) instead of the form, `?accepted` dropped, top of page. */
function useDone() {
  const router = useRouter();
  const [, setAccepted] = useUrlParam(ACCEPTED_PARAM);
  const [done, setDone] = useState<SubmitResult | null>(null);
  const onSuccess = (r: SubmitResult | undefined) => {
    if (!r) return;
    setDone(r);
    setAccepted(null);
    window.scrollTo({ top: 0 });
  };
  const onCancel = () => void router.push(LIST_PATH);
  return { done, onSuccess, onCancel };
}

/**
 * The frame of every change form: header, the terms-accepted check (the agreement page opens the form with
 * `?accepted=1`), the write code, the current values beside the form, and the confirmation after submitting.
 */
export function ChangeFormScreen({
  type,
  current,
  children,
}: {
  type: ChangeType;
  /** The current values shown beside the form, from the customer's records. */
  current: (c: CurrentValues) => Row[];
  /**
   * The form, given what it does after a submission (the confirmation) and on "Cancel" (back to the list), and the
   * open requests of its type (a machine form marks the machines they hold).
   */
  children: (c: CurrentValues, done: ChangeFormDone, open: readonly CustomerChangeListItem[]) => ReactNode;
}) {
  const { done, ...formDone } = useDone();
  const { t } = useTranslation(['accountChanges', 'common']);
  const [acceptedParam] = useUrlParam(ACCEPTED_PARAM);
  const codes = useCodes();
  const query = useEndpointQuery(C.endpoints.getCurrent, {});
  const title = t(`types.${type}`);
  const mayWrite = customerWritableTypes(codes).includes(type);
  const accepted = acceptedParam === '1';
  // What was open when the form opened: the list refreshes when this form's own submission lands, and that request
  // must not replace the confirmation or the form it came from.
  const { open: openNow, loading: openLoading } = useOpenRequests();
  const [openAtStart, setOpenAtStart] = useState<OpenRequests>();
  if (openNow && !openAtStart) setOpenAtStart(openNow);
  const open = openAtStart?.[type];
  return (
    <>
      <PageHeader title={title} subtitle={t(`typeHelp.${type}`)} breadcrumbs={[{ label: t('title'), href: LIST_PATH }, { label: t('add.title'), href: ADD_PATH }, { label: title }]} />
      {done ? (
        // The links under the text, not in the alert's action column: there, on a 390 px phone, "Account information
        // update" broke into a narrow column of its own beside the message (QA). The request opens in the list's dialog.
        <AlertWithLinks
          severity="success"
          role="status"
          links={[
            { href: requestPath(done.id), label: t('add.viewRequest', { requestNo: done.requestNo }) },
            { href: LIST_PATH, label: t('title') },
          ]}
        >
          {t('form.submitted', { requestNo: done.requestNo })}
        </AlertWithLinks>
      ) : !mayWrite ? (
        <Alert severity="info">{t('form.readOnly')}</Alert>
      ) : openLoading ? (
        // Whether an open request blocks this form is not known yet: neither the terms nor the form until it is.
        <LinearProgress aria-label={t('common:ui.table.loading')} />
      ) : blocksType(type, open) ? (
        // The server would refuse the form (one open request per type): say so before anything is filled in, and
        // before the terms (a form opened without them sent the customer to read terms for a change it cannot send).
        <OpenRequestNote type={type} open={open} />
      ) : !accepted ? (
        <Alert severity="warning" action={<Button component={Link} href={agreementPath(type)}>{t('agreement.goToTerms')}</Button>}>
          {t('agreement.required')}
        </Alert>
      ) : (
        <DetailScreen query={query} variant="inline" title={title} notFoundTitle={t('detail.notFoundTitle')} notFoundBody={t('detail.notFoundBody')}>
          {(c) => (
            <Grid container spacing={3}>
              {open?.length ? (
                <Grid size={12}>
                  <OpenRequestNote type={type} open={open} inForm />
                </Grid>
              ) : null}
              <Grid size={{ xs: 12, md: 5 }}>
                <FactsSection title={t('form.current')} rows={current(c)} />
              </Grid>
              <Grid size={{ xs: 12, md: 7 }}>
                <DetailSection title={t('form.new')}>{children(c, { type, ...formDone }, open ?? [])}</DetailSection>
              </Grid>
            </Grid>
          )}
        </DetailScreen>
      )}
    </>
  );
}

/**
 * The structured Hong Kong address of a form, under `prefix` (e.g. `address`): the district list follows the region,
 * and a district chosen before the region changed to one without it is cleared (the list no longer offers it, so the
 * field showed empty while it held the old district).
 */
export function AddressFields<T extends FieldValues>({ control, prefix }: { control: Control<T, unknown, unknown>; prefix: string }) {
  const { t } = useTranslation('accountChanges');
  const n = (k: string) => `${prefix}.${k}` as Path<T>;
  const region = useWatch({ control, name: n('region') }) as HkRegion | null | undefined;
  const district = useWatch({ control, name: n('district') }) as string | null | undefined;
  const districts = region ? HK_DISTRICTS_BY_REGION[region] : Object.values(HK_DISTRICTS_BY_REGION).flat();
  const form = useFormContext<T>() as ReturnType<typeof useFormContext<T>> | null;
  const seenRegion = useRef(region);
  useEffect(() => {
    if (seenRegion.current === region) return;
    seenRegion.current = region;
    if (region && district && !(HK_DISTRICTS_BY_REGION[region] as readonly string[]).includes(district)) {
      form?.setValue(n('district'), null as PathValue<T, Path<T>>, { shouldDirty: true, shouldValidate: form.formState.isSubmitted });
    }
    // Only a change of region clears the district.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [region]);
  return (
    <Stack spacing={2} component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
      <Typography component="legend" variant="subtitle2">
        {t('fields.address')}
      </Typography>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, sm: 4 }}>
          <TextFieldElement control={control} name={n('flat')} label={t('fields.flat')} maxLength={LIMITS.addressPart} />
        </Grid>
        <Grid size={{ xs: 6, sm: 4 }}>
          <TextFieldElement control={control} name={n('floor')} label={t('fields.floor')} maxLength={LIMITS.addressPart} />
        </Grid>
        <Grid size={{ xs: 6, sm: 4 }}>
          <TextFieldElement control={control} name={n('block')} label={t('fields.block')} maxLength={LIMITS.addressPart} />
        </Grid>
      </Grid>
      <TextFieldElement control={control} name={n('building')} label={t('fields.building')} maxLength={LIMITS.building} />
      <TextFieldElement control={control} name={n('street')} label={t('fields.street')} maxLength={LIMITS.street} required />
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, sm: 6 }}>
          <SelectElement control={control} name={n('region')} label={t('fields.region')} required options={HK_REGIONS.map((r) => ({ value: r, label: t(`regions.${r}`) }))} />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <SelectElement control={control} name={n('district')} label={t('fields.district')} required options={districts.map((d) => ({ value: d, label: t(`districts.${d}`) }))} />
        </Grid>
      </Grid>
    </Stack>
  );
}

/** An address not entered yet: region and district are choices not made (null), refused by the schema until chosen. */
export const emptyAddress = { flat: '', floor: '', block: '', building: '', street: '', district: null, region: null };

/** Several choices of a list as checkboxes (machines, contracts), value an array of ids. */
export function CheckboxListElement<T extends FieldValues>({
  control,
  name,
  label,
  options,
  emptyText,
}: {
  control: Control<T, unknown, unknown>;
  name: Path<T>;
  label: string;
  /** `disabled` with its `note` (why it cannot be chosen, shown under the label): e.g. a machine an open request holds. */
  options: readonly { value: string; label: string; disabled?: boolean; note?: ReactNode }[];
  emptyText: string;
}) {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const { field, fieldState } = useController<T>({ name, control: control as Control<T, any, T> });
  const message = useFieldMessage();
  const error = message(fieldErrorMessage(fieldState.error));
  const helperId = useId();
  const value = (Array.isArray(field.value) ? field.value : []) as string[];
  return (
    <FormControl component="fieldset" error={Boolean(error)} required>
      <FormLabel component="legend">{label}</FormLabel>
      {options.length === 0 ? <Typography variant="body2">{emptyText}</Typography> : null}
      <FormGroup aria-describedby={error ? helperId : undefined}>
        {options.map((o, i) => (
          <FormControlLabel
            key={o.value}
            label={
              o.note ? (
                <>
                  {o.label}
                  {/* Readable although its option is disabled (the label's disabled grey is 2.6:1 on white): it says why. */}
                  <Typography component="span" variant="body2" sx={{ display: 'block', '&&': { color: 'text.secondary' } }} data-testid={`option-note-${o.value}`}>
                    {o.note}
                  </Typography>
                </>
              ) : (
                o.label
              )
            }
            disabled={o.disabled}
            // A label of two or three lines (a machine's model and place on a phone) starts beside its box, and the
            // options are spaced apart, so it is clear which box a line belongs to.
            sx={{ alignItems: 'flex-start', mb: 0.5 }}
            slotProps={{ typography: { sx: { pt: 1 } } }}
            control={
              <Checkbox
                checked={value.includes(o.value)}
                slotProps={{ input: { name: field.name, ...(i === 0 ? { ref: field.ref } : {}) } as object }}
                onBlur={field.onBlur}
                onChange={(e) => field.onChange(e.target.checked ? [...value, o.value] : value.filter((v) => v !== o.value))}
              />
            }
          />
        ))}
      </FormGroup>
      {error ? <FormHelperText id={helperId}>{error}</FormHelperText> : null}
    </FormControl>
  );
}

/** A contact person and phone side by side (one column on a phone): the name capped at LIMITS.person, both required. */
export function ContactFields<T extends FieldValues>({ control, name, phone, nameLabel, phoneLabel }: { control: Control<T, unknown, unknown>; name: Path<T>; phone: Path<T>; nameLabel: string; phoneLabel: string }) {
  return (
    <Grid container spacing={2}>
      <Grid size={{ xs: 12, sm: 6 }}>
        <TextFieldElement control={control} name={name} label={nameLabel} required maxLength={LIMITS.person} />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <TextFieldElement control={control} name={phone} label={phoneLabel} required />
      </Grid>
    </Grid>
  );
}

/** The body of a change request: the form's values, the idempotency key and the accepted terms (the screen shows them first). */
export const withTerms = <V extends object>(values: V, { idempotencyKey }: { idempotencyKey: string }) => ({ ...values, idempotencyKey, termsAccepted: true as const });
