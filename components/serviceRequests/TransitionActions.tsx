import { useEffect, useRef, useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'next-i18next/pages';
import type { DefaultValues, FieldValues, UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import { Can } from '@/components/common/Can';
import { NOTICE_FOCUS } from '@/components/common/noticeFocus';
import { DetailSection } from '@/components/common/DetailParts';
import type { BodyOf, Endpoint } from '@/lib/contract';
import type { FunctionCode } from '@/lib/permissions/codes';
import type { ServiceAction } from '@/lib/serviceRequests/constants';
import { ActionDialog } from './ActionDialog';

type StepKeys = { id: string; version: number };

/** One step of the lifecycle as the runner needs it: its mutation, its form and how it looks. */
export type TransitionSpec<E extends Endpoint<'mutation'> = Endpoint<'mutation'>, TIn extends FieldValues = FieldValues, TOut = unknown> = {
  endpoint: E;
  /** The step's body schema without `id` and `version` (the runner adds them). */
  schema: z.ZodType<TOut, TIn>;
  defaultValues: DefaultValues<TIn>;
  toBody: (values: TOut, keys: StepKeys) => BodyOf<E>;
  fields?: (form: UseFormReturn<TIn, unknown, TOut>) => ReactNode;
  /** Text above the form (`actions.<step>.intro`). */
  intro?: boolean;
  /** The main step(s) of a status: a contained button. */
  primary?: boolean;
  /** A step that ends the request early (cancel): red button and submit. */
  danger?: boolean;
};

/** Types one step's spec against its endpoint and schema, then forgets the types so steps fit in one table. */
export function transition<E extends Endpoint<'mutation'>, TIn extends FieldValues, TOut>(spec: TransitionSpec<E, TIn, TOut>): TransitionSpec {
  return spec as unknown as TransitionSpec;
}

export type TransitionActionsProps<A extends ServiceAction> = {
  /** The request: what it allows now (`actions`, from the server's status-action table), its keys and reference. */
  r: { id: string; version: number; reference: string; actions: readonly ServiceAction[] };
  /** The namespace with `sections.actions` and `actions.<step>.{button,title,intro,submit,done}`. */
  ns: readonly string[];
  steps: Record<A, TransitionSpec>;
  permission: FunctionCode;
  /** Above the buttons (the customer's reopen window). */
  lead?: ReactNode;
  /** Shown when no step is allowed; without it the section is hidden. */
  emptyText?: string;
  /** A step's button label other than `actions.<step>.button` (the desk's "Reassign"). */
  buttonLabel?: (step: A) => string | undefined;
};

/**
 * The steps a request allows now, as buttons, each opening its dialog (ActionDialog around EntityForm): one runner
 * for the customer's and the desk's steps; after a step its `actions.<step>.done` is confirmed above the buttons.
 */
export function TransitionActions<A extends ServiceAction>({ r, ns, steps, permission, lead, emptyText, buttonLabel }: TransitionActionsProps<A>) {
  const { t } = useTranslation(ns);
  const [open, setOpen] = useState<A | null>(null);
  const [shown, setShown] = useState<A | null>(null);
  const [done, setDone] = useState<A | null>(null);
  // The step's confirmation takes focus: the dialog gave it back to the step's button, which the request's next status
  // no longer offers, and a keyboard user was left on the page's body.
  const doneRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (done) doneRef.current?.focus();
  }, [done]);
  const allowed = r.actions.filter((a): a is A => a in steps);
  const spec = shown ? steps[shown] : null;
  const start = (a: A) => {
    setShown(a);
    setOpen(a);
  };
  return (
    <>
      {done ? (
        <Alert severity="success" role="status" onClose={() => setDone(null)} closeText={t('common:close')} ref={doneRef} tabIndex={-1} sx={NOTICE_FOCUS}>
          {t(`actions.${done}.done`)}
        </Alert>
      ) : null}
      {allowed.length > 0 || emptyText ? (
        <Can anyOf={[permission]}>
          <DetailSection title={t('sections.actions')}>
            {lead}
            {allowed.length === 0 ? (
              <Typography color="text.secondary">{emptyText}</Typography>
            ) : (
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ flexWrap: 'wrap' }} useFlexGap>
                {allowed.map((a) => (
                  <Button key={a} variant={steps[a].primary ? 'contained' : 'outlined'} color={steps[a].danger ? 'error' : 'primary'} onClick={() => start(a)}>
                    {buttonLabel?.(a) ?? t(`actions.${a}.button`)}
                  </Button>
                ))}
              </Stack>
            )}
          </DetailSection>
        </Can>
      ) : null}
      {shown && spec ? (
        <ActionDialog
          key={shown}
          open={open === shown}
          title={t(`actions.${shown}.title`, { reference: r.reference })}
          intro={spec.intro ? <Typography>{t(`actions.${shown}.intro`)}</Typography> : undefined}
          endpoint={spec.endpoint}
          schema={spec.schema}
          defaultValues={spec.defaultValues}
          toBody={(v) => spec.toBody(v, { id: r.id, version: r.version })}
          submitLabel={t(`actions.${shown}.submit`)}
          {...(spec.danger ? { submitColor: 'error' as const } : {})}
          onClose={() => setOpen(null)}
          onDone={() => {
            setOpen(null);
            setDone(shown);
          }}
        >
          {spec.fields}
        </ActionDialog>
      ) : null}
    </>
  );
}
