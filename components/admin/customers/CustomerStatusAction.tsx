import { useState } from 'react';
import Button from '@mui/material/Button';
import { useTranslation } from 'next-i18next/pages';
import { Can } from '@/components/common/Can';
import { ConfirmDialog } from '@/components/common/ConfirmDialog';
import { customersContract } from '@/lib/customers/contract';
import type { CustomerDetail } from '@/lib/customers/schemas';
import { useEndpointMutation } from '@/lib/api/query';
import { pickLocalized } from '@/lib/i18n/locales';

/** Deactivate (with a confirmation naming the effect on its users) or reactivate a customer; writers only. */
export function CustomerStatusAction({ customer }: { customer: CustomerDetail }) {
  const { t, i18n } = useTranslation(['customers', 'common', 'error']);
  const [open, setOpen] = useState(false);
  const next = customer.status === 'active' ? 'inactive' : 'active';
  const mutation = useEndpointMutation(customersContract.endpoints.setCustomerStatus, { onSuccess: () => setOpen(false) });
  const verb = next === 'inactive' ? 'deactivate' : 'reactivate';
  return (
    <Can anyOf={['ucp_cust_main_write']}>
      <Button variant="outlined" color={next === 'inactive' ? 'error' : 'primary'} onClick={() => setOpen(true)}>
        {t(`${verb}.action`)}
      </Button>
      <ConfirmDialog
        open={open}
        title={t(`${verb}.title`, { name: pickLocalized(i18n.language, customer.nameEn, customer.nameZh) })}
        body={t(`${verb}.body`, { count: customer.users.length })}
        errorCode={mutation.error?.error.code}
        pending={mutation.isPending}
        confirmLabel={t(`${verb}.confirm`)}
        confirmColor={next === 'inactive' ? 'error' : 'primary'}
        onConfirm={() => mutation.mutate({ id: customer.id, status: next })}
        onClose={() => {
          setOpen(false);
          // Opened again, the dialog shows no refusal of an earlier attempt before anything is tried.
          mutation.reset();
        }}
      />
    </Can>
  );
}
