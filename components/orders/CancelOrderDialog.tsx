import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useTranslation } from 'next-i18next/pages';
import { EntityForm } from '@/components/common/EntityForm';
import { TextFieldElement } from '@/components/common/form';
import { ordersContract } from '@/lib/orders/contract';
import { ORDER_LIMITS, cancelOrderSchema } from '@/lib/orders/schemas';

export type CancelOrderDialogProps = {
  order: { id: string; orderNo: string };
  open: boolean;
  onClose: () => void;
  /** After the server cancelled it, or answered CONFLICT (no longer pending; the page refetches the real status). */
  onDone: (outcome: 'cancelled' | 'conflict') => void;
};

const cancelFormSchema = cancelOrderSchema.omit({ id: true });

/** Confirms a cancellation, with an optional reason; one request at a time (the order list and page refresh). */
export function CancelOrderDialog({ order, open, onClose, onDone }: CancelOrderDialogProps) {
  const { t } = useTranslation(['orders', 'common', 'error']);
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="cancel-order-title" aria-describedby="cancel-order-body" fullWidth maxWidth="sm">
      <DialogTitle id="cancel-order-title">{t('orders.cancel.title', { orderNo: order.orderNo })}</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2 }}>
        <DialogContentText id="cancel-order-body">{t('orders.cancel.body')}</DialogContentText>
        <EntityForm
          endpoint={ordersContract.endpoints.cancelOrder}
          schema={cancelFormSchema}
          defaultValues={{ reason: '' }}
          toBody={(v) => ({ id: order.id, ...(v.reason ? { reason: v.reason } : {}) })}
          submitLabel={t('orders.cancel.confirm')}
          submitColor="error"
          onCancel={onClose}
          cancelLabel={t('orders.cancel.keep')}
          onSuccess={() => onDone('cancelled')}
          onFailure={(error) => {
            if (error.code !== 'CONFLICT') return false;
            onDone('conflict');
            return true;
          }}
        >
          {(form) => (
            <TextFieldElement
              control={form.control}
              name="reason"
              label={t('orders.cancel.reason')}
              multiline
              minRows={2}
              maxLength={ORDER_LIMITS.maxRemarks}
            />
          )}
        </EntityForm>
      </DialogContent>
    </Dialog>
  );
}
