import { useState } from 'react';
import Button from '@mui/material/Button';
import { useTranslation } from 'next-i18next/pages';
import { Can } from '@/components/common/Can';
import { ConfirmDialog } from '@/components/common/ConfirmDialog';
import { useEndpointMutation } from '@/lib/api/query';
import { offersContract } from '@/lib/offers/contract';
import type { OfferDetail, OfferStatus } from '@/lib/offers/schemas';

type Step = 'publish' | 'unpublish' | 'expire';
const TARGET: Record<Step, OfferStatus> = { publish: 'published', unpublish: 'draft', expire: 'expired' };

/** Publish a draft (or an expired offer again), take a published offer back to draft, or expire it. Writers only. */
export function OfferActions({ offer }: { offer: OfferDetail }) {
  const { t, i18n } = useTranslation(['offers', 'common', 'error']);
  const [step, setStep] = useState<Step | null>(null);
  const mutation = useEndpointMutation(offersContract.endpoints.setOfferStatus, { onSuccess: () => setStep(null) });
  const steps: Step[] = offer.storedStatus === 'published' ? ['unpublish', 'expire'] : offer.storedStatus === 'draft' ? ['publish', 'expire'] : ['publish'];
  const title = i18n.language === 'tc' ? offer.titleZh : offer.titleEn;
  const close = () => {
    setStep(null);
    mutation.reset();
  };
  return (
    <Can anyOf={['offer_write']}>
      {steps.map((s) => (
        <Button key={s} variant={s === 'publish' ? 'contained' : 'outlined'} color={s === 'expire' ? 'warning' : 'primary'} onClick={() => setStep(s)}>
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
