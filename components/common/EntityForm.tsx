import { useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import { useTranslation } from 'next-i18next/pages';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import type { BodyOf, Endpoint, OutputOf } from '@/lib/contract';
import { ABORTED } from '@/lib/api/client';
import { apiErrorOf, useEndpointMutation } from '@/lib/api/query';
import type { ApiError, ApiResult } from '@/lib/api/types';
import { Form, FormCancelButton, type FormDefaults } from './form';

export type EntityFormProps<E extends Endpoint<'mutation'>, TIn extends FieldValues, TOut> = {
  /** The contract's create or update endpoint; its `invalidates` refreshes the lists and records it changes. */
  endpoint: E;
  /** The shared zod schema of the fields (usually the endpoint's body without `id` / `idempotencyKey`). */
  schema: z.ZodType<TOut, TIn>;
  /** Add: empty values; edit: the record's values (every field named, '' or null when empty). */
  defaultValues: FormDefaults<TIn>;
  /**
   * Edit of a whole record: the record's version (its `updatedAt`) as currently read, with `defaultValues` from the
   * same read. The form keeps the version its values came from and hands it to `toBody` (`context.version`); when the
   * server answers 409 RECORD_CHANGED (someone saved the record since), the form says so and, once the record is read
   * again (the mutation's invalidation), shows its current values under the new version. A newer version read while
   * the user types (a refetch on focus) changes nothing: the save still names the version the values came from.
   */
  version?: string;
  /**
   * The request body from the checked values. `idempotencyKey` is this form instance's key (the same on a repeat after
   * a failure or time-out, a new one after a success): pass it to endpoints that take one. `version`: see `version`.
   */
  toBody: (values: TOut, context: { idempotencyKey: string; version?: string }) => BodyOf<E>;
  onSuccess?: (data: OutputOf<E>, values: TOut) => void;
  /** Shows a Cancel button (its text: `cancelLabel`, default `ui.form.cancel`). */
  onCancel?: () => void;
  cancelLabel?: string;
  /**
   * A failure the screen handles itself (e.g. a 409 CONFLICT that closes the dialog): return `true` and the form
   * shows nothing. Other failures appear on their fields and in the form's alert.
   */
  onFailure?: (error: ApiError) => boolean | void;
  /** Props of the submit button (e.g. `{ color: 'error' }` for a destructive action). */
  submitColor?: 'primary' | 'error';
  submitLabel?: string;
  /** Labels of the fields for the error summary (default: each field's own label). */
  fieldLabels?: Record<string, string>;
  'aria-label'?: string;
  id?: string;
  resetOnSuccess?: boolean;
  /** `false`: leaving with unsaved changes asks nothing (see `Form`'s `leaveGuard`). */
  leaveGuard?: boolean;
  /** Submit is disabled (e.g. while a file the body names is still uploading). */
  disabled?: boolean;
  /** The fields; as a function it also gets the version the form's values came from (`version`, on an edit). */
  children: ReactNode | ((form: UseFormReturn<TIn, unknown, TOut>, context: { version?: string }) => ReactNode);
};

/**
 * One form for add and edit through a contract mutation: the shared Form (react-hook-form + zod, submit once and
 * disabled while pending, server field errors on their fields) plus an error summary linking to the fields, an
 * idempotency key per form instance, and success / cancel callbacks.
 *
 * @example
 * <EntityForm endpoint={contractsContract.endpoints.updateContract} schema={contractFieldsSchema}
 *   defaultValues={{ name: c.name, endDate: c.endDate }} toBody={(v) => ({ id: c.id, ...v })}
 *   onSuccess={() => router.push(paths.contract(c.id))} onCancel={() => router.back()}>
 *   {(form) => <TextFieldElement control={form.control} name="name" label={t('contracts.fields.name')} required />}
 * </EntityForm>
 */
export function EntityForm<E extends Endpoint<'mutation'>, TIn extends FieldValues, TOut = TIn>({
  endpoint,
  schema,
  defaultValues,
  version,
  toBody,
  onSuccess,
  onCancel,
  cancelLabel,
  onFailure,
  submitColor,
  submitLabel,
  fieldLabels,
  children,
  resetOnSuccess,
  leaveGuard,
  disabled,
  id,
  'aria-label': ariaLabel,
}: EntityFormProps<E, TIn, TOut>) {
  const { t } = useTranslation('common');
  const mutation = useEndpointMutation(endpoint);
  const conflict = useVersionConflict(version);
  return (
    <>
      {conflict.notice ? (
        <Alert severity="warning" role="alert" data-testid="form-record-changed" sx={{ mb: 2 }}>
          <AlertTitle>{t('ui.form.recordChanged.title')}</AlertTitle>
          {conflict.notice === 'reloading' ? t('ui.form.recordChanged.reloading') : t('ui.form.recordChanged.reloaded')}
        </Alert>
      ) : null}
      <Form<TIn, TOut, OutputOf<E>>
        // A new instance with the record's current values after a conflict (useForm keeps its first defaults).
        key={conflict.key}
        schema={schema}
        defaultValues={defaultValues}
        errorSummary
        {...(fieldLabels ? { fieldLabels } : {})}
        {...(submitLabel ? { submitLabel } : {})}
        {...(id ? { id } : {})}
        {...(ariaLabel ? { 'aria-label': ariaLabel } : {})}
        {...(resetOnSuccess ? { resetOnSuccess } : {})}
        {...(submitColor ? { submitColor } : {})}
        {...(leaveGuard === false ? { leaveGuard } : {})}
        {...(disabled ? { disabled } : {})}
        secondaryActions={onCancel ? <FormCancelButton onClick={onCancel}>{cancelLabel ?? t('ui.form.cancel')}</FormCancelButton> : undefined}
        onSubmit={async (values, context) => {
          const body = toBody(values, { ...context, ...(conflict.formVersion !== undefined ? { version: conflict.formVersion } : {}) });
          const sent = await submitThrough(mutation.mutateAsync, body);
          // The server names fields by their path in the body: back to the form's names when the body nests the values.
          const result = sent.ok ? sent : { ...sent, error: { ...sent.error, ...fieldsOfForm(sent.error.fields, body, values) } };
          if (!result.ok && result.error.code === 'RECORD_CHANGED' && conflict.formVersion !== undefined) {
            conflict.changed();
            return { ok: false as const, error: { ...result.error, code: ABORTED } };
          }
          // Handled by the screen: neither an error on the form nor a success.
          if (!result.ok && onFailure?.(result.error) === true) return { ok: false as const, error: { ...result.error, code: ABORTED } };
          if (result.ok) conflict.saved();
          return result;
        }}
        onSuccess={(data, values) => onSuccess?.(data as OutputOf<E>, values)}
      >
        {typeof children === 'function' ? (form: UseFormReturn<TIn, unknown, TOut>) => children(form, { version: conflict.formVersion }) : children}
      </Form>
    </>
  );
}

/**
 * The version an edit form's values came from, and what to say after a 409 RECORD_CHANGED: `reloading` until the
 * record has been read again with a newer version, then `reloaded`, with a new form instance (`key`) holding the
 * current values. After a successful save the form takes the next version read (the one its save made) as its own,
 * so a form that stays open can save again.
 */
function useVersionConflict(version: string | undefined) {
  const [state, setState] = useState<{ formVersion: string | undefined; notice: 'reloading' | 'reloaded' | null; saved: boolean; key: number }>(
    { formVersion: version, notice: null, saved: false, key: 0 },
  );
  // Adjusted while rendering (no effect): the record read again after a conflict or after this form's own save.
  if (version !== undefined && version !== state.formVersion) {
    if (state.notice === 'reloading') setState({ formVersion: version, notice: 'reloaded', saved: false, key: state.key + 1 });
    else if (state.saved) setState({ ...state, formVersion: version, saved: false });
  }
  return {
    key: state.key,
    formVersion: state.formVersion,
    notice: state.notice,
    changed: () => setState((s) => ({ ...s, notice: 'reloading', saved: false })),
    saved: () => setState((s) => ({ ...s, notice: null, saved: true })),
  };
}

/**
 * The server's field errors under the form's field names. The server names a field by its path in the request body;
 * when `toBody` nests the form's values under a key (`{ id, version, draft: values }`, `{ offer: values }`), its
 * `draft.titleEn` is the form's `titleEn`. The key is found by identity (the very values object sits in the body), so
 * a field of the form that happens to be an object (`address.street`) is never mistaken for it.
 */
export function fieldsOfForm(fields: ApiError['fields'], body: unknown, values: unknown): Pick<ApiError, 'fields'> {
  if (!fields) return {};
  const keys = body !== null && typeof body === 'object' && body !== values ? Object.keys(body).filter((k) => (body as Record<string, unknown>)[k] === values) : [];
  if (keys.length === 0) return { fields };
  const mapped: Record<string, string[]> = {};
  for (const [path, messages] of Object.entries(fields)) {
    const key = keys.find((k) => path.startsWith(`${k}.`));
    const name = key ? path.slice(key.length + 1) : path;
    mapped[name] = [...(mapped[name] ?? []), ...messages];
  }
  return { fields: mapped };
}

/** A mutation's `mutateAsync` as the ApiResult the shared Form expects (failures are values, not throws). */
export async function submitThrough<B, O>(mutateAsync: (body: B) => Promise<O>, body: B): Promise<ApiResult<O>> {
  try {
    return { ok: true, data: await mutateAsync(body), traceId: '' };
  } catch (err) {
    return { ok: false, error: apiErrorOf(err)! };
  }
}
