import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'next-i18next/pages';
import { cancelOrder } from '@/lib/api/orders';
import type { ApiError } from '@/lib/api/types';
import { errorKey } from '@/lib/errors';
import { ORDER_LIMITS } from '@/lib/orders/schemas';

export type CancelOrderDialogProps = {
  order: { id: string; orderNo: string };
  open: boolean;
  onClose: () => void;
  /** After the server cancelled it (also when it answers CONFLICT, so the page reloads the real status). */
  onDone: (outcome: 'cancelled' | 'conflict') => void;
};

/** Confirms a cancellation, with an optional reason; one request at a time. */
export function CancelOrderDialog({ order, open, onClose, onDone }: CancelOrderDialogProps) {
  const { t } = useTranslation(['page', 'common', 'error']);
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ApiError | null>(null);

  const confirm = async () => {
    if (busy) return;
    setBusy(true);
    setError(null);
    const result = await cancelOrder({ id: order.id, ...(reason.trim() ? { reason: reason.trim() } : {}) });
    setBusy(false);
    if (result.ok) return onDone('cancelled');
    if (result.error.code === 'CONFLICT') return onDone('conflict');
    setError(result.error);
  };

  return (
    <Dialog open={open} onClose={busy ? undefined : onClose} aria-labelledby="cancel-order-title" aria-describedby="cancel-order-body" fullWidth maxWidth="sm">
      <DialogTitle id="cancel-order-title">{t('orders.cancel.title', { orderNo: order.orderNo })}</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2 }}>
        <DialogContentText id="cancel-order-body">{t('orders.cancel.body')}</DialogContentText>
        {error ? (
          <Alert severity="error" role="alert">
            {t(errorKey(error.code))}
          </Alert>
        ) : null}
        <TextField
          label={`${t('orders.cancel.reason')} (${t('common:ui.form.optional')})`}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          multiline
          minRows={2}
          slotProps={{ htmlInput: { maxLength: ORDER_LIMITS.maxRemarks } }}
        />
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={onClose} disabled={busy} autoFocus>
          {t('orders.cancel.keep')}
        </Button>
        <Button color="error" variant="contained" onClick={() => void confirm()} loading={busy} loadingPosition="start">
          {t('orders.cancel.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
