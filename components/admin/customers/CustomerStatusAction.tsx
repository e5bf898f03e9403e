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
import { customersContract } from '@/lib/customers/contract';
import type { CustomerDetail } from '@/lib/customers/schemas';
import { useEndpointMutation } from '@/lib/api/query';
import { errorKey } from '@/lib/errors';

/** Deactivate (with a confirmation naming the effect on its users) or reactivate a customer; writers only. */
export function CustomerStatusAction({ customer }: { customer: CustomerDetail }) {
  const { t } = useTranslation(['customers', 'common', 'error']);
  const [open, setOpen] = useState(false);
  const next = customer.status === 'active' ? 'inactive' : 'active';
  const mutation = useEndpointMutation(customersContract.endpoints.setCustomerStatus, { onSuccess: () => setOpen(false) });
  const verb = next === 'inactive' ? 'deactivate' : 'reactivate';
  return (
    <Can anyOf={['ucp_cust_main_write']}>
      <Button variant="outlined" color={next === 'inactive' ? 'error' : 'primary'} onClick={() => setOpen(true)}>
        {t(`${verb}.action`)}
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} aria-labelledby="customer-status-title">
        <DialogTitle id="customer-status-title">{t(`${verb}.title`, { name: customer.nameEn })}</DialogTitle>
        <DialogContent>
          <DialogContentText>{t(`${verb}.body`, { count: customer.users.length })}</DialogContentText>
          {mutation.error ? (
            <Alert severity="error" sx={{ mt: 2 }}>
              {t(errorKey(mutation.error.error.code))}
            </Alert>
          ) : null}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>{t('common:ui.form.cancel')}</Button>
          <Button
            variant="contained"
            color={next === 'inactive' ? 'error' : 'primary'}
            disabled={mutation.isPending}
            onClick={() => mutation.mutate({ id: customer.id, status: next })}
          >
            {t(`${verb}.confirm`)}
          </Button>
        </DialogActions>
      </Dialog>
    </Can>
  );
}
