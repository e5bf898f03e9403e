import { useId, type ReactNode } from 'react';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useTranslation } from 'next-i18next/pages';
import type { DefaultValues, FieldValues, UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import { EntityForm } from '@/components/common/EntityForm';
import type { BodyOf, Endpoint } from '@/lib/contract';

export type ActionDialogProps<E extends Endpoint<'mutation'>, TIn extends FieldValues, TOut> = {
  open: boolean;
  title: string;
  intro?: ReactNode;
  endpoint: E;
  schema: z.ZodType<TOut, TIn>;
  defaultValues: DefaultValues<TIn>;
  toBody: (values: TOut) => BodyOf<E>;
  submitLabel: string;
  submitColor?: 'primary' | 'error';
  onClose: () => void;
  onDone: () => void;
  children?: (form: UseFormReturn<TIn, unknown, TOut>) => ReactNode;
};

/**
 * One step of a service request (cancel, confirm, reopen, rate; the desk's steps) as a dialog around EntityForm:
 * field errors on the fields, and a 409 (someone else acted first, or the status moved on) shown translated in the
 * form so the user knows to reload; the mutation's `invalidates` refreshes the request behind it.
 */
export function ActionDialog<E extends Endpoint<'mutation'>, TIn extends FieldValues, TOut>({
  open,
  title,
  intro,
  endpoint,
  schema,
  defaultValues,
  toBody,
  submitLabel,
  submitColor,
  onClose,
  onDone,
  children,
}: ActionDialogProps<E, TIn, TOut>) {
  const { t } = useTranslation('common');
  const titleId = useId();
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  return (
    <Dialog open={open} onClose={onClose} fullScreen={fullScreen} maxWidth="sm" fullWidth aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      {/* Full screen on a phone: rows from the top, not stretched to the screen's height (gaps between intro and form). */}
      <DialogContent sx={{ display: 'grid', gap: 2, alignContent: 'start' }}>
        {intro}
        <EntityForm
          endpoint={endpoint}
          schema={schema}
          defaultValues={defaultValues}
          toBody={(v) => toBody(v)}
          submitLabel={submitLabel}
          {...(submitColor ? { submitColor } : {})}
          cancelLabel={t('ui.form.cancel')}
          onCancel={onClose}
          onSuccess={onDone}
          aria-label={title}
        >
          {(form) => children?.(form) ?? null}
        </EntityForm>
      </DialogContent>
    </Dialog>
  );
}
