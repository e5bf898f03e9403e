import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useTranslation } from 'next-i18next/pages';
import { Can } from '@/components/common/Can';
import { useEndpointMutation } from '@/lib/api/query';
import { errorKey } from '@/lib/errors';
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
      <Dialog open={step !== null} onClose={close} aria-labelledby="offer-status-title">
        {step ? (
          <>
            <DialogTitle id="offer-status-title">{t(`actions.${step}.title`, { title })}</DialogTitle>
            <DialogContent>
              <DialogContentText>{t(`actions.${step}.body`)}</DialogContentText>
              {mutation.error ? (
                <Alert severity="error" sx={{ mt: 2 }}>
                  {t(errorKey(mutation.error.error.code))}
                </Alert>
              ) : null}
            </DialogContent>
            <DialogActions>
              <Button onClick={close}>{t('common:ui.form.cancel')}</Button>
              <Button variant="contained" disabled={mutation.isPending} onClick={() => mutation.mutate({ id: offer.id, status: TARGET[step] })}>
                {t(`actions.${step}.confirm`)}
              </Button>
            </DialogActions>
          </>
        ) : null}
      </Dialog>
    </Can>
  );
}
