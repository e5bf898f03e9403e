import { useEffect, useId, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import { useTranslation } from 'next-i18next/pages';
import { FormProvider, useForm, type DefaultValues, type FieldErrors, type FieldPath, type FieldValues, type UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import { ABORTED } from '@/lib/api/client';
import type { ApiError, ApiResult } from '@/lib/api/types';
import { errorKey } from '@/lib/errors';
import { keyErrorMap } from '@/lib/zodMessages';
import type { FormDefaults } from './fieldTypes';
import { useFieldMessage } from './useFieldMessage';
import { useIdempotencyKey } from './useIdempotencyKey';
import { DiscardContext, useLeaveGuard } from './useLeaveGuard';

export type FormSubmitContext = {
  /** Stable for this form until a submission succeeds: send it with writes a user may click twice. */
  idempotencyKey: string;
};

export type FormProps<TIn extends FieldValues, TOut, TData> = {
  /** The entity's zod schema, ideally the one the server validates with (messages as translation keys). */
  schema: z.ZodType<TOut, TIn>;
  /** A value for every field ('' or null for empty ones): server field errors are matched against these names. */
  defaultValues: FormDefaults<TIn>;
  /** Calls a lib/api function and returns its result (or nothing for a local-only form). */
  onSubmit: (values: TOut, context: FormSubmitContext) => Promise<ApiResult<TData> | void> | ApiResult<TData> | void;
  /** After a successful submission (redirect, toast, close the dialog). */
  onSuccess?: (data: TData | undefined, values: TOut) => void;
  submitLabel?: string;
  /** Fields. A function gets the react-hook-form API (watch, control with typed names). */
  children: ReactNode | ((form: UseFormReturn<TIn, unknown, TOut>) => ReactNode);
  /** Extra buttons beside submit (e.g. a Cancel: `FormCancelButton`, whose way out asks nothing about unsaved changes). */
  secondaryActions?: ReactNode;
  /** Back to `defaultValues` after a success (forms that add one record after another). */
  resetOnSuccess?: boolean;
  /** Accessible name of the form. */
  'aria-label'?: string;
  id?: string;
  disabled?: boolean;
  /**
   * After a submission with field errors (the browser's or the server's), list them above the form, each a link that
   * moves focus to its field. Labels come from `fieldLabels`, else the field's own label. On by default: every form
   * shows all its errors at once with a summary (issue 10 item 8).
   */
  errorSummary?: boolean;
  fieldLabels?: Record<string, string>;
  /** Colour of the submit button (`error` for a destructive action). */
  submitColor?: 'primary' | 'error';
  /**
   * Ask before the user leaves with changes that are not saved (`useLeaveGuard`): on by default. `false` for a form
   * whose values are not worth keeping (a search, a filter, a sign-in).
   */
  leaveGuard?: boolean;
};

/** 'a.b.0.c' → the error objects with a message, flattened. */
function flattenErrors(errors: FieldErrors, prefix = ''): { name: string; message: string }[] {
  const out: { name: string; message: string }[] = [];
  for (const [key, value] of Object.entries(errors)) {
    if (!isRecord(value)) continue;
    const name = prefix ? `${prefix}.${key}` : key;
    if (typeof value.message === 'string' && value.message) out.push({ name, message: value.message });
    else if (!('type' in value)) out.push(...flattenErrors(value as FieldErrors, name));
  }
  return out;
}

/** The visible label of a field named `name` in the form `formId` (its <label>, or its aria-label). */
function labelOf(formId: string, name: string): string | null {
  if (typeof document === 'undefined') return null;
  const form = document.getElementById(formId);
  const el = form?.querySelector<HTMLInputElement>(`[name="${name.replace(/["\\]/g, "\\$&")}"]`);
  if (!el) return null;
  // A select's value sits in a hidden input with no label of its own, and a radio's label is one option: both take
  // the label of their MUI form control (the select's floating label, the group's legend).
  const groupLabel = () => el.closest('.MuiFormControl-root')?.querySelector('label, legend, .MuiFormLabel-root')?.textContent;
  // A field named by aria-labelledby (a file chooser: its label, then the button's text) takes the first of those.
  const labelledBy = el.getAttribute('aria-labelledby')?.split(/\s+/)[0];
  const byId = labelledBy ? document.getElementById(labelledBy)?.textContent : null;
  // A radio's or checkbox's own label is one option ("3B7-209156 …"): a group of them is named by its legend.
  const legend = el.type === 'radio' || el.type === 'checkbox' ? el.closest('fieldset')?.querySelector('legend')?.textContent : null;
  const own = el.type === 'radio' ? null : (byId ?? el.labels?.[0]?.textContent);
  const label = legend ?? own ?? el.getAttribute('aria-label') ?? groupLabel();
  return label ? label.replace(/\s*\*\s*$/, '').trim() : null;
}

/**
 * The errors in the order their fields stand in the form (the schema's order, or the server's, can differ: a field
 * refined last, a server check listed first); errors of fields not found in the form keep their order, last.
 */
function inFormOrder<T extends { name: string }>(formId: string, items: T[]): T[] {
  if (typeof document === 'undefined' || items.length < 2) return items;
  const form = document.getElementById(formId);
  if (!form) return items;
  const fieldOf = (name: string) => form.querySelector(`[name="${name.replace(/["\\]/g, '\\$&')}"]`);
  const placed = items.map((item, index) => ({ item, index, el: fieldOf(item.name) }));
  return placed
    .sort((a, b) => {
      if (a.el && b.el && a.el !== b.el) return a.el.compareDocumentPosition(b.el) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1;
      if (a.el && !b.el) return -1;
      if (!a.el && b.el) return 1;
      return a.index - b.index;
    })
    .map((p) => p.item);
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

/** Whether `path` ('items.0.qty') names a value in the defaults: only then is it a field of this form. */
function hasPath(values: unknown, path: string): boolean {
  let cur: unknown = values;
  for (const part of path.split('.')) {
    if (!isRecord(cur) || !(part in cur)) return false;
    cur = cur[part];
  }
  return true;
}

/**
 * The one form (DESIGN.md convention 6): react-hook-form + the entity's zod schema, fields bound with the
 * `*Element` components of this folder. It
 * - validates in the browser with the shared schema (zod defaults translated through `ui.validation.*`),
 * - submits once at a time (a second click while the first is in flight does nothing) and disables submit meanwhile,
 * - puts the server's `error.fields` onto the matching fields, and shows every other failure, translated by code,
 *   in an alert above the fields,
 * - gives `onSubmit` an idempotency key that stays the same until a submission succeeds.
 */
export function Form<TIn extends FieldValues, TOut = TIn, TData = unknown>({
  schema,
  defaultValues,
  onSubmit,
  onSuccess,
  submitLabel,
  children,
  secondaryActions,
  resetOnSuccess = false,
  'aria-label': ariaLabel,
  id,
  disabled = false,
  errorSummary = true,
  fieldLabels,
  submitColor = 'primary',
  leaveGuard = true,
}: FormProps<TIn, TOut, TData>) {
  const { t, i18n } = useTranslation(['common', 'error']);
  const form = useForm<TIn, unknown, TOut>({
    resolver: zodResolver(schema, { error: keyErrorMap }),
    // The one place a not-yet-chosen null meets react-hook-form's type (FormDefaults says why).
    defaultValues: defaultValues as DefaultValues<TIn>,
    mode: 'onTouched',
  });
  const idempotency = useIdempotencyKey();
  const [failure, setFailure] = useState<{ error: ApiError; onlyFields: boolean; unplaced: string[] } | null>(null);
  // A ref, not state: two clicks in the same frame both see `isSubmitting` false, but not this.
  const inFlight = useRef(false);
  // Read while rendering: react-hook-form keeps `isDirty` up to date only for a form that reads it.
  const guard = useLeaveGuard(leaveGuard && form.formState.isDirty);
  const { edited } = guard;
  // After a successful save the values are saved (no question), until the user changes one again.
  useEffect(() => {
    return form.subscribe({ formState: { values: true }, callback: () => edited() });
  }, [form, edited]);

  // A refusal no field can show (no connection, a conflict, a field the form lacks) is announced by its alert above
  // the fields, but submit was disabled meanwhile, so focus had fallen to the page and, on a phone scrolled down to
  // the button, the alert was out of sight: nothing seemed to happen (QA walk, payment-slip upload). Focus moves to
  // it, which scrolls it into view; field errors focus their first field instead (setError below).
  const failureAlert = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (failure && !failure.onlyFields) failureAlert.current?.focus();
  }, [failure]);

  const applyFailure = (error: ApiError) => {
    const fieldEntries = Object.entries(error.fields ?? {}).filter(([, messages]) => messages.length > 0);
    // A field of the form as it is now: rows added to a list since it opened (`visitWindows.0.date`) count too (QA:
    // the fault report's visit day error went only into the alert, since the starting values had no row).
    const current = form.getValues();
    const isField = (path: string) => hasPath(current, path) || hasPath(defaultValues, path);
    const matched = fieldEntries.filter(([path]) => isField(path));
    // A server field this form has no field for (approve's `allocations` while the form edits `applied`): its message
    // goes into the alert, since nothing on the form could be highlighted.
    const unplaced = fieldEntries.filter(([path]) => !isField(path)).map(([, messages]) => messages[0]!);
    // The failure first: the error summary then never shows as a second alert beside the failure's one.
    setFailure({ error, onlyFields: matched.length > 0 && matched.length === fieldEntries.length, unplaced });
    matched.forEach(([path, messages], i) => {
      form.setError(path as FieldPath<TIn>, { type: 'server', message: messages[0] }, { shouldFocus: i === 0 });
    });
  };

  const onValid = async (values: TOut) => {
    if (inFlight.current) return;
    inFlight.current = true;
    setFailure(null);
    try {
      const result = await onSubmit(values, { idempotencyKey: idempotency.key });
      if (result && !result.ok) {
        if (result.error.code !== ABORTED) applyFailure(result.error);
        return;
      }
      idempotency.renew();
      if (resetOnSuccess) form.reset(defaultValues as DefaultValues<TIn>);
      // Saved: leaving now (onSuccess often navigates away) asks nothing.
      guard.saved();
      onSuccess?.(result ? result.data : undefined, values);
    } catch (err) {
      // onSubmit should resolve an ApiResult; if it throws anyway, say so instead of leaving the form stuck.
      applyFailure({ status: 0, code: 'INTERNAL', message: err instanceof Error ? err.message : String(err) });
    } finally {
      inFlight.current = false;
    }
  };

  const { isSubmitting, errors, submitCount } = form.formState;
  const ownId = useId();
  const formId = id ?? `form-${ownId.replace(/[^a-zA-Z0-9_-]/g, '')}`;
  const message = useFieldMessage();
  const summary = errorSummary && submitCount > 0 ? inFormOrder(formId, flattenErrors(errors)) : [];
  // The summary names fields by their labels in the DOM, but a render reads the DOM before its own changes land: after
  // a language switch it would keep the labels of the previous language (QA: "Subject：此欄位必須填寫。" in tc). So
  // after each commit the labels are read again and, when they changed, the summary renders once more.
  const [domLabels, setDomLabels] = useState<Record<string, string>>({});
  const summaryNames = summary.map((s) => s.name).join('\n');
  useLayoutEffect(() => {
    if (!summaryNames) return undefined;
    let live = true;
    queueMicrotask(() => {
      if (!live) return;
      const next: Record<string, string> = {};
      for (const name of summaryNames.split('\n')) {
        const label = labelOf(formId, name);
        if (label) next[name] = label;
      }
      setDomLabels((prev) => (Object.keys(next).length === Object.keys(prev).length && Object.entries(next).every(([k, v]) => prev[k] === v) ? prev : next));
    });
    return () => {
      live = false;
    };
  }, [summaryNames, formId, i18n.language]);

  /** The field errors as links that move focus to their field (in the failure's alert, or an alert of their own). */
  const summaryList = (testId?: string) => (
    <Box component="ul" sx={{ m: 0, pl: 2.5 }} data-testid={testId}>
      {summary.map(({ name, message: m }) => {
        // A field with no labelled input (e.g. a user's customer row, shown as text) lists its message alone:
        // before, the summary showed the raw path ("links.0.ucpId: No active customer has this UCP ID.").
        const label = fieldLabels?.[name] ?? domLabels[name] ?? labelOf(formId, name);
        return (
          <li key={name}>
            <Link
              component="button"
              type="button"
              color="inherit"
              onClick={() => form.setFocus(name as FieldPath<TIn>)}
              // top: a button is inline-block, whose baseline is its last line, so an item that wrapped (a long
              // Chinese message on a phone) had its bullet beside the last line instead of the first (QA walk).
              sx={{ textAlign: 'start', verticalAlign: 'top' }}
            >
              {label ? t('ui.form.errorSummaryItem', { field: label, message: message(m) }) : message(m)}
            </Link>
          </li>
        );
      })}
    </Box>
  );

  return (
    <FormProvider {...form}>
      <Box
        component="form"
        id={formId}
        noValidate
        aria-label={ariaLabel}
        aria-busy={isSubmitting || undefined}
        onSubmit={(e) => {
          // handleSubmit would also run for a form nested in a portal; stop the event at this form.
          e.stopPropagation();
          void form.handleSubmit(onValid)(e);
        }}
        sx={{ display: 'grid', gap: 2 }}
      >
        {failure ? (
          // One alert for a refused submission: what failed, then the field problems as links (QA: the server's field
          // errors showed a second box, "Please correct these fields", under "The form could not be submitted").
          <Alert severity="error" role="alert" data-testid="form-error" ref={failureAlert} tabIndex={-1} sx={{ '&:focus': { outline: 'none' }, '&:focus-visible': { outline: 2, outlineColor: 'error.main', outlineOffset: 2 } }}>
            <AlertTitle>{t('ui.form.errorTitle')}</AlertTitle>
            {failure.onlyFields ? (summary.length > 0 ? null : t('ui.form.fieldErrors')) : failure.unplaced.length ? null : t(errorKey(failure.error.code))}
            {failure.unplaced.length ? (
              <Box component="ul" sx={{ m: 0, pl: 2.5 }} data-testid="form-error-unplaced">
                {failure.unplaced.map((m) => (
                  <li key={m}>{message(m)}</li>
                ))}
              </Box>
            ) : null}
            {summary.length > 0 ? summaryList('form-error-summary') : null}
          </Alert>
        ) : summary.length > 0 ? (
          <Alert severity="error" role="alert" data-testid="form-error-summary">
            <AlertTitle>{t('ui.form.errorSummaryTitle')}</AlertTitle>
            {summaryList()}
          </Alert>
        ) : null}
        {typeof children === 'function' ? children(form) : children}
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, justifyContent: 'flex-end', flexDirection: { xs: 'column-reverse', sm: 'row' } }}>
          <DiscardContext.Provider value={guard.discard}>{secondaryActions}</DiscardContext.Provider>
          <Button type="submit" variant="contained" color={submitColor} disabled={disabled || isSubmitting} loading={isSubmitting} loadingPosition="start">
            {isSubmitting ? t('ui.form.submitting') : (submitLabel ?? t('ui.form.submit'))}
          </Button>
        </Box>
      </Box>
      {guard.dialog}
    </FormProvider>
  );
}
