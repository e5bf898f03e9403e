import { useState } from 'react';
import { useRouter } from 'next/router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useTranslation } from 'next-i18next/pages';
import { Can } from '@/components/common/Can';
import { ConfirmDialog } from '@/components/common/ConfirmDialog';
import { useEndpointMutation } from '@/lib/api/query';
import { userGroupsContract } from '@/lib/userGroups/contract';
import type { GroupDetail } from '@/lib/userGroups/schemas';
import { pathTo } from '@/lib/paths';

const c = userGroupsContract.endpoints;
type Dialogs = 'status' | 'delete' | null;

/** Disable / enable and delete (refused while the group has members: it can only be emptied or disabled). Writers only. */
export function GroupActions({ group }: { group: GroupDetail }) {
  const { t, i18n } = useTranslation(['userGroups', 'common', 'error']);
  const router = useRouter();
  const [open, setOpen] = useState<Dialogs>(null);
  const name = i18n.language === 'tc' ? group.nameZh : group.nameEn;
  const status = useEndpointMutation(c.setGroupStatus, { onSuccess: () => setOpen(null) });
  const remove = useEndpointMutation(c.deleteGroup, { onSuccess: () => void router.push(pathTo('/admin-controls/user-group-maintenance')) });
  const verb = group.status === 'active' ? 'disable' : 'enable';
  const inUse = group.members.length > 0;
  const close = () => {
    setOpen(null);
    status.reset();
    remove.reset();
  };
  return (
    <Can anyOf={['user_group_main_write']}>
      <Button variant="outlined" color={verb === 'disable' ? 'warning' : 'primary'} onClick={() => setOpen('status')}>
        {t(`${verb}.action`)}
      </Button>
      <Button variant="outlined" color="error" onClick={() => setOpen('delete')}>
        {t('delete.action')}
      </Button>
      <ConfirmDialog
        open={open === 'status'}
        title={t(`${verb}.title`, { name })}
        body={t(`${verb}.body`, { count: group.members.length })}
        errorCode={status.error?.error.code}
        pending={status.isPending}
        confirmLabel={t(`${verb}.confirm`)}
        confirmColor={verb === 'disable' ? 'warning' : 'primary'}
        onConfirm={() => status.mutate({ id: group.id, status: verb === 'disable' ? 'inactive' : 'active' })}
        onClose={close}
      />
      <ConfirmDialog
        open={open === 'delete'}
        title={t('delete.title', { name })}
        body={inUse ? <Alert severity="warning">{t('delete.inUse', { count: group.members.length })}</Alert> : t('delete.body')}
        errorCode={remove.error?.error.code}
        pending={remove.isPending}
        confirmLabel={inUse ? null : t('delete.confirm')}
        confirmColor="error"
        onConfirm={() => remove.mutate({ id: group.id })}
        onClose={close}
      />
    </Can>
  );
}
