import { useEffect, useRef, useState, type ReactNode } from 'react';
import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'next-i18next/pages';
import type { DefaultValues, FieldValues, UseFormReturn } from 'react-hook-form';
import { z } from 'zod';
import type { BodyOf, Endpoint, OutputOf } from '@/lib/contract';
import { useEndpointMutation } from '@/lib/api/query';
import type { ApiError } from '@/lib/api/types';
import { errorKey } from '@/lib/errors';
import type { FunctionCode } from '@/lib/permissions/codes';
import { msg } from '@/lib/zodMessages';
import { Can } from './Can';
import { NOTICE_FOCUS } from './noticeFocus';
import { submitThrough } from './EntityForm';
import { Form, TextFieldElement } from './form';

/** A conflict: the record was decided by someone else meanwhile (HTTP 409, e.g. `SLIP_ALREADY_REVIEWED`). */
export const isConflict = (error: ApiError | null | undefined): boolean => error?.status === 409;

/** The approve step: a form of its own (e.g. amounts to apply) or, by default, an optional comment. */
export type ApproveStep<E extends Endpoint<'mutation'>, TIn extends FieldValues = { comment: string }, TOut = TIn> = {
  endpoint: E;
  /** Default form: `{ comment }` (optional, ≤ `maxLength`). */
  schema?: z.ZodType<TOut, TIn>;
  defaultValues?: DefaultValues<TIn>;
  fields?: (form: UseFormReturn<TIn, unknown, TOut>) => ReactNode;
  toBody: (values: TOut) => BodyOf<E>;
  /** Text above the fields (what approving does). */
  help?: ReactNode;
};

export type ReviewActionsProps<A extends Endpoint<'mutation'>, R extends Endpoint<'mutation'>, TIn extends FieldValues, TOut> = {
  /** What is being decided, for the dialog titles (e.g. the slip number). */
  subject: string;
  /** Codes that may decide; without one of them nothing is shown. */
  writeCodes: readonly FunctionCode[];
  approve: ApproveStep<A, TIn, TOut>;
  /**
   * The reject endpoint and its body from the reason (required, ≤ `maxReason`). `reasonField`: the body's field that
   * carries the reason when it is not `reason` (an approval's `comment`), so the server's message on it lands on the
   * reason box instead of an alert that names no field.
   */
  reject: { endpoint: R; toBody: (reason: string) => BodyOf<R>; reasonField?: string };
  /** Longest comment or reason (default 500). */
  maxReason?: number;
  /** After a decision (the contract's `invalidates` has refreshed the queue already). */
  onDone?: (decision: 'approved' | 'rejected', result: OutputOf<A> | OutputOf<R>) => void;
  /** Hide the buttons (e.g. the record is no longer pending). */
  disabled?: boolean;
  /** The queue's own words instead of the generic `ui.review.*` ones (already translated). */
  labels?: Partial<Record<'approve' | 'reject' | 'approveTitle' | 'rejectTitle' | 'approveSubmit' | 'rejectSubmit' | 'comment' | 'reason' | 'reasonHelp', string>>;
};

type Open = 'approve' | 'reject' | null;

/**
 * A decision or step that failed: a 409 says someone else acted first and that the page now shows where the record
 * stands (it was fetched again); anything else says what went wrong. Also for a queue's own steps beside the
 * decisions (an approval's start and complete).
 */
export function ReviewFailure({ error, testId, onClose }: { error: ApiError; testId?: string; onClose?: () => void }) {
  const { t } = useTranslation(['common', 'error']);
  const conflict = isConflict(error);
  // It takes focus: the button that failed is gone once the record is read again (a 409's refetch finds the step no
  // longer offered), and a keyboard user was left on the page's body.
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    ref.current?.focus();
  }, [error]);
  return (
    <Alert severity={conflict ? 'warning' : 'error'} role="alert" data-testid={testId} onClose={onClose} closeText={t('common:close')} ref={ref} tabIndex={-1} sx={NOTICE_FOCUS}>
      {conflict ? <AlertTitle>{t('ui.review.conflictTitle')}</AlertTitle> : null}
      {/* Two sentences, each its own line: joined by a space, the Chinese read 「…狀態。 頁面…」. */}
      <Box component="span" sx={{ display: 'block' }}>
        {t(errorKey(error.code))}
      </Box>
      {conflict ? (
        <Box component="span" sx={{ display: 'block' }}>
          {t('ui.review.conflictBody')}
        </Box>
      ) : null}
    </Alert>
  );
}

/**
 * Approve / reject for approval queues, through contract mutations: approve in a dialog (an optional comment, or the
 * step's own form), reject in a dialog with a required reason. A 409 (someone else decided meanwhile) closes the
 * dialog and says so plainly; other failures stay in the dialog on their fields. Hidden without a write code.
 *
 * @example
 * <ReviewActions subject={slip.slipNo} writeCodes={['payment_slip_review_write']}
 *   approve={{ endpoint: paymentSlipsContract.endpoints.approveSlip, toBody: (v) => ({ id: slip.id, comment: v.comment || undefined }) }}
 *   reject={{ endpoint: paymentSlipsContract.endpoints.rejectSlip, toBody: (reason) => ({ id: slip.id, reason }) }} />
 */
export function ReviewActions<A extends Endpoint<'mutation'>, R extends Endpoint<'mutation'>, TIn extends FieldValues = { comment: string }, TOut = TIn>(
  props: ReviewActionsProps<A, R, TIn, TOut>,
) {
  return (
    <Can anyOf={props.writeCodes}>
      <ReviewActionsInner {...props} />
    </Can>
  );
}

function ReviewActionsInner<A extends Endpoint<'mutation'>, R extends Endpoint<'mutation'>, TIn extends FieldValues, TOut>({
  subject,
  approve,
  reject,
  maxReason = 500,
  onDone,
  disabled = false,
  labels = {},
}: ReviewActionsProps<A, R, TIn, TOut>) {
  const { t } = useTranslation(['common', 'error']);
  const text = {
    approve: labels.approve ?? t('ui.review.approve'),
    reject: labels.reject ?? t('ui.review.reject'),
    approveTitle: labels.approveTitle ?? t('ui.review.approveTitle', { subject }),
    rejectTitle: labels.rejectTitle ?? t('ui.review.rejectTitle', { subject }),
    approveSubmit: labels.approveSubmit ?? labels.approve ?? t('ui.review.approve'),
    rejectSubmit: labels.rejectSubmit ?? labels.reject ?? t('ui.review.reject'),
    comment: labels.comment ?? t('ui.review.comment'),
    reason: labels.reason ?? t('ui.review.reason'),
    reasonHelp: labels.reasonHelp ?? t('ui.review.reasonHelp'),
  };
  const [open, setOpen] = useState<Open>(null);
  const [conflict, setConflict] = useState<ApiError | null>(null);
  const approveMutation = useEndpointMutation(approve.endpoint);
  const rejectMutation = useEndpointMutation(reject.endpoint);

  const commentSchema = z.object({ comment: z.string().trim().max(maxReason, { error: msg('ui.validation.maxLength', { max: maxReason }) }) });
  const reasonSchema = z.object({
    reason: z
      .string()
      .trim()
      .min(1, { error: 'ui.validation.required' })
      .max(maxReason, { error: msg('ui.validation.maxLength', { max: maxReason }) }),
  });

  /** A 409 closes the dialog and shows the conflict; anything else stays in the form. */
  const run = async <B, O>(mutateAsync: (body: B) => Promise<O>, body: B) => {
    const result = await submitThrough(mutateAsync, body);
    if (!result.ok && isConflict(result.error)) {
      setConflict(result.error);
      setOpen(null);
      return undefined;
    }
    return result;
  };

  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      {conflict ? <ReviewFailure error={conflict} testId="review-conflict" /> : null}
      {disabled || conflict ? null : (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
          <Button variant="contained" color="success" startIcon={<CheckIcon aria-hidden />} onClick={() => setOpen('approve')}>
            {text.approve}
          </Button>
          <Button variant="outlined" color="error" startIcon={<CloseIcon aria-hidden />} onClick={() => setOpen('reject')}>
            {text.reject}
          </Button>
        </Box>
      )}

      <Dialog open={open === 'approve'} onClose={() => setOpen(null)} fullWidth maxWidth="sm" aria-labelledby="review-approve-title">
        <DialogTitle id="review-approve-title">{text.approveTitle}</DialogTitle>
        <DialogContent>
          {approve.help ? (
            <Typography variant="body2" color="text.secondary" component="div" sx={{ mb: 2 }}>
              {approve.help}
            </Typography>
          ) : null}
          <Form<TIn, TOut, OutputOf<A>>
            schema={(approve.schema ?? commentSchema) as unknown as z.ZodType<TOut, TIn>}
            defaultValues={(approve.defaultValues ?? { comment: '' }) as DefaultValues<TIn>}
            submitLabel={text.approveSubmit}
            errorSummary
            secondaryActions={<Button onClick={() => setOpen(null)}>{t('ui.form.cancel')}</Button>}
            onSubmit={(values) => run(approveMutation.mutateAsync, approve.toBody(values))}
            onSuccess={(data) => {
              if (data === undefined) return;
              setOpen(null);
              onDone?.('approved', data);
            }}
          >
            {(form) =>
              approve.fields ? (
                approve.fields(form)
              ) : (
                <TextFieldElement control={form.control as never} name="comment" label={text.comment} multiline minRows={2} maxLength={maxReason} />
              )
            }
          </Form>
        </DialogContent>
      </Dialog>

      <Dialog open={open === 'reject'} onClose={() => setOpen(null)} fullWidth maxWidth="sm" aria-labelledby="review-reject-title">
        <DialogTitle id="review-reject-title">{text.rejectTitle}</DialogTitle>
        <DialogContent>
          <Form<z.input<typeof reasonSchema>, z.output<typeof reasonSchema>, OutputOf<R>>
            schema={reasonSchema}
            defaultValues={{ reason: '' }}
            submitLabel={text.rejectSubmit}
            secondaryActions={<Button onClick={() => setOpen(null)}>{t('ui.form.cancel')}</Button>}
            onSubmit={async (values) => {
              const result = await run(rejectMutation.mutateAsync, reject.toBody(values.reason));
              const fields = result && !result.ok ? result.error.fields : undefined;
              const from = reject.reasonField;
              if (!result || result.ok || !fields || !from || !(from in fields)) return result;
              const { [from]: reasonMessages, ...rest } = fields;
              return { ...result, error: { ...result.error, fields: { ...rest, reason: reasonMessages! } } };
            }}
            onSuccess={(data) => {
              if (data === undefined) return;
              setOpen(null);
              onDone?.('rejected', data);
            }}
          >
            {(form) => (
              <TextFieldElement
                control={form.control}
                name="reason"
                label={text.reason}
                helperText={text.reasonHelp}
                multiline
                minRows={3}
                required
                maxLength={maxReason}
              />
            )}
          </Form>
        </DialogContent>
      </Dialog>
    </Box>
  );
}
