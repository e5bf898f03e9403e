import { useState } from 'react';
import { useRouter } from 'next/router';
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
import { userGroupsContract } from '@/lib/userGroups/contract';
import type { GroupDetail } from '@/lib/userGroups/schemas';

const c = userGroupsContract.endpoints;
type Dialogs = 'status' | 'delete' | null;

/** Disable / enable and delete (refused while the group has members: it can only be emptied or disabled). Writers only. */
export function GroupActions({ group }: { group: GroupDetail }) {
  const { t, i18n } = useTranslation(['userGroups', 'common', 'error']);
  const router = useRouter();
  const [open, setOpen] = useState<Dialogs>(null);
  const name = i18n.language === 'tc' ? group.nameZh : group.nameEn;
  const status = useEndpointMutation(c.setGroupStatus, { onSuccess: () => setOpen(null) });
  const remove = useEndpointMutation(c.deleteGroup, { onSuccess: () => void router.push('/admin-controls/user-group-maintenance') });
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
      <Dialog open={open === 'status'} onClose={close} aria-labelledby="group-status-title">
        <DialogTitle id="group-status-title">{t(`${verb}.title`, { name })}</DialogTitle>
        <DialogContent>
          <DialogContentText>{t(`${verb}.body`, { count: group.members.length })}</DialogContentText>
          {status.error ? (
            <Alert severity="error" sx={{ mt: 2 }}>
              {t(errorKey(status.error.error.code))}
            </Alert>
          ) : null}
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>{t('common:ui.form.cancel')}</Button>
          <Button
            variant="contained"
            color={verb === 'disable' ? 'warning' : 'primary'}
            disabled={status.isPending}
            onClick={() => status.mutate({ id: group.id, status: verb === 'disable' ? 'inactive' : 'active' })}
          >
            {t(`${verb}.confirm`)}
          </Button>
        </DialogActions>
      </Dialog>
      <Dialog open={open === 'delete'} onClose={close} aria-labelledby="group-delete-title">
        <DialogTitle id="group-delete-title">{t('delete.title', { name })}</DialogTitle>
        <DialogContent>
          {inUse ? (
            <Alert severity="warning">{t('delete.inUse', { count: group.members.length })}</Alert>
          ) : (
            <DialogContentText>{t('delete.body')}</DialogContentText>
          )}
          {remove.error ? (
            <Alert severity="error" sx={{ mt: 2 }}>
              {t(errorKey(remove.error.error.code))}
            </Alert>
          ) : null}
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>{t('common:ui.form.cancel')}</Button>
          {inUse ? null : (
            <Button variant="contained" color="error" disabled={remove.isPending} onClick={() => remove.mutate({ id: group.id })}>
              {t('delete.confirm')}
            </Button>
          )}
        </DialogActions>
      </Dialog>
    </Can>
  );
}
