import type { ReactNode } from 'react';
import Button from '@mui/material/Button';
import { useTranslation } from 'next-i18next/pages';
import type { DefaultValues, FieldValues, UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import type { BodyOf, Endpoint, OutputOf } from '@/lib/contract';
import { apiErrorOf, useEndpointMutation } from '@/lib/api/query';
import type { ApiResult } from '@/lib/api/types';
import { Form } from './form';

export type EntityFormProps<E extends Endpoint<'mutation'>, TIn extends FieldValues, TOut> = {
  /** The contract's create or update endpoint; its `invalidates` refreshes the lists and records it changes. */
  endpoint: E;
  /** The shared zod schema of the fields (usually the endpoint's body without `id` / `idempotencyKey`). */
  schema: z.ZodType<TOut, TIn>;
  /** Add: empty values; edit: the record's values (every field named, '' or null when empty). */
  defaultValues: DefaultValues<TIn>;
  /**
   * The request body from the checked values. `idempotencyKey` is this form instance's key (the same on a repeat after
   * a failure or time-out, a new one after a success): pass it to endpoints that take one.
   */
  toBody: (values: TOut, context: { idempotencyKey: string }) => BodyOf<E>;
  onSuccess?: (data: OutputOf<E>, values: TOut) => void;
  /** Shows a Cancel button. */
  onCancel?: () => void;
  submitLabel?: string;
  /** Labels of the fields for the error summary (default: each field's own label). */
  fieldLabels?: Record<string, string>;
  'aria-label'?: string;
  id?: string;
  resetOnSuccess?: boolean;
  children: ReactNode | ((form: UseFormReturn<TIn, unknown, TOut>) => ReactNode);
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
  toBody,
  onSuccess,
  onCancel,
  submitLabel,
  fieldLabels,
  children,
  resetOnSuccess,
  id,
  'aria-label': ariaLabel,
}: EntityFormProps<E, TIn, TOut>) {
  const { t } = useTranslation('common');
  const mutation = useEndpointMutation(endpoint);
  return (
    <Form<TIn, TOut, OutputOf<E>>
      schema={schema}
      defaultValues={defaultValues}
      errorSummary
      {...(fieldLabels ? { fieldLabels } : {})}
      {...(submitLabel ? { submitLabel } : {})}
      {...(id ? { id } : {})}
      {...(ariaLabel ? { 'aria-label': ariaLabel } : {})}
      {...(resetOnSuccess ? { resetOnSuccess } : {})}
      secondaryActions={onCancel ? <Button onClick={onCancel}>{t('ui.form.cancel')}</Button> : undefined}
      onSubmit={(values, context) => submitThrough(mutation.mutateAsync, toBody(values, context))}
      onSuccess={(data, values) => onSuccess?.(data as OutputOf<E>, values)}
    >
      {children}
    </Form>
  );
}

/** A mutation's `mutateAsync` as the ApiResult the shared Form expects (failures are values, not throws). */
export async function submitThrough<B, O>(mutateAsync: (body: B) => Promise<O>, body: B): Promise<ApiResult<O>> {
  try {
    return { ok: true, data: await mutateAsync(body), traceId: '' };
  } catch (err) {
    return { ok: false, error: apiErrorOf(err)! };
  }
}
