import { useEffect, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useTranslation } from 'next-i18next/pages';
import { Can } from '@/components/common/Can';
import { ConfirmDialog } from '@/components/common/ConfirmDialog';
import { NOTICE_FOCUS } from '@/components/common/noticeFocus';
import { useEndpointMutation } from '@/lib/api/query';
import { offersContract } from '@/lib/offers/contract';
import type { OfferDetail, OfferStatus } from '@/lib/offers/schemas';

type Step = 'publish' | 'unpublish' | 'expire';
const TARGET: Record<Step, OfferStatus> = { publish: 'published', unpublish: 'draft', expire: 'expired' };

/** Publish a draft (or an expired offer again), take a published offer back to draft, or expire it. Writers only. */
export function OfferActions({ offer }: { offer: OfferDetail }) {
  const { t, i18n } = useTranslation(['offers', 'common', 'error']);
  const [step, setStep] = useState<Step | null>(null);
  // The step is confirmed (read out, and focused): its button goes away with the new status (a published offer offers
  // no "Publish"), and focus given back to it by the dialog was lost to the page's body without a word.
  const [done, setDone] = useState<Step | null>(null);
  const doneRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (done) doneRef.current?.focus();
  }, [done]);
  const mutation = useEndpointMutation(offersContract.endpoints.setOfferStatus, {
    onSuccess: () => {
      setDone(step);
      setStep(null);
    },
  });
  const steps: Step[] = offer.storedStatus === 'published' ? ['unpublish', 'expire'] : offer.storedStatus === 'draft' ? ['publish', 'expire'] : ['publish'];
  const title = i18n.language === 'tc' ? offer.titleZh : offer.titleEn;
  const close = () => {
    setStep(null);
    mutation.reset();
  };
  return (
    <Can anyOf={['offer_write']}>
      {done ? (
        <Alert severity="success" role="status" onClose={() => setDone(null)} closeText={t('common:close')} sx={{ width: '100%', order: 10, ...NOTICE_FOCUS }} ref={doneRef} tabIndex={-1}>
          {t(`actions.${done}.done`)}
        </Alert>
      ) : null}
      {steps.map((s) => (
        <Button
          key={s}
          variant={s === 'publish' ? 'contained' : 'outlined'}
          color={s === 'expire' ? 'warning' : 'primary'}
          onClick={() => {
            setDone(null);
            setStep(s);
          }}
        >
          {t(`actions.${s}.action`)}
        </Button>
      ))}
      {step ? (
        <ConfirmDialog
          open
          title={t(`actions.${step}.title`, { title })}
          body={t(`actions.${step}.body`)}
          errorCode={mutation.error?.error.code}
          pending={mutation.isPending}
          confirmLabel={t(`actions.${step}.confirm`)}
          onConfirm={() => mutation.mutate({ id: offer.id, status: TARGET[step] })}
          onClose={close}
        />
      ) : null}
    </Can>
  );
}
