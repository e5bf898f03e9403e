import { useEffect, useRef, useState } from 'react';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useTranslation } from 'next-i18next/pages';
import { Can, useCanAccess } from '@/components/common/Can';
import { ConfirmDialog } from '@/components/common/ConfirmDialog';
import { DetailSection, DetailTable } from '@/components/common/DetailParts';
import { EntityForm } from '@/components/common/EntityForm';
import { NOTICE_FOCUS } from '@/components/common/noticeFocus';
import { TextFieldElement } from '@/components/common/form';
import { UserStatusChip } from '@/components/common/UserStatusChip';
import { useEndpointMutation } from '@/lib/api/query';
import { userGroupsContract } from '@/lib/userGroups/contract';
import { addMemberSchema, type GroupDetail, type GroupMember } from '@/lib/userGroups/schemas';

const c = userGroupsContract.endpoints;
const memberForm = addMemberSchema.omit({ id: true });

/** The group's members (user and customer); writers add a member by login id and UCP id, or remove one. */
export function GroupMembers({ group }: { group: GroupDetail }) {
  const { t, i18n } = useTranslation(['userGroups', 'common', 'error']);
  const canWrite = useCanAccess(['user_group_main_write']);
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<GroupMember | null>(null);
  // A removal is confirmed (read out, and focused): the member's row and its "Remove" button, to which the dialog gave
  // focus back, went away without a word, and a keyboard user was left on the page's body.
  const [removed, setRemoved] = useState<GroupMember | null>(null);
  const removedRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (removed) removedRef.current?.focus();
  }, [removed]);
  const remove = useEndpointMutation(c.removeGroupMember, {
    onSuccess: () => {
      setRemoved(removing);
      setRemoving(null);
    },
  });
  const zh = i18n.language === 'tc';
  return (
    <DetailSection title={t('sections.members')}>
      {removed ? (
        <Alert severity="success" role="status" onClose={() => setRemoved(null)} closeText={t('common:close')} ref={removedRef} tabIndex={-1} sx={NOTICE_FOCUS}>
          {t('members.removed', { loginId: removed.loginId, ucpId: removed.ucpId })}
        </Alert>
      ) : null}
      <Can anyOf={['user_group_main_write']}>
        <Box>
          <Button variant="outlined" startIcon={<PersonAddIcon aria-hidden />} onClick={() => setAdding(true)}>
            {t('members.add')}
          </Button>
        </Box>
      </Can>
      <DetailTable
        label={t('sections.members')}
        rows={group.members}
        rowKey={(m) => `${m.userId}:${m.ucpId}`}
        empty={t('none.members')}
        columns={[
          { header: t('columns.loginId'), render: (m) => m.loginId },
          { header: t('columns.userName'), render: (m) => m.name },
          { header: t('columns.customer'), render: (m) => `${m.ucpId} · ${zh ? m.customerNameZh : m.customerNameEn}` },
          { header: t('columns.userStatus'), render: (m) => <UserStatusChip status={m.userStatus} /> },
          ...(canWrite
            ? [
                {
                  header: t('columns.actions'),
                  render: (m: GroupMember) => (
                    <Button size="small" color="error" aria-label={t('members.removeLabel', { loginId: m.loginId, ucpId: m.ucpId })} onClick={() => setRemoving(m)}>
                      {t('members.remove')}
                    </Button>
                  ),
                },
              ]
            : []),
        ]}
      />
      <Dialog open={adding} onClose={() => setAdding(false)} aria-labelledby="group-member-add-title" fullWidth maxWidth="sm">
        <DialogTitle id="group-member-add-title">{t('members.addTitle')}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{t('members.addBody')}</DialogContentText>
          <EntityForm
            endpoint={c.addGroupMember}
            schema={memberForm}
            defaultValues={{ loginId: '', ucpId: '' }}
            toBody={(v) => ({ id: group.id, ...v })}
            fieldLabels={{ loginId: t('fields.loginId'), ucpId: t('fields.ucpId') }}
            submitLabel={t('members.add')}
            onCancel={() => setAdding(false)}
            onSuccess={() => setAdding(false)}
          >
            {(form) => (
              <>
                <TextFieldElement control={form.control} name="loginId" label={t('fields.loginId')} required />
                <TextFieldElement control={form.control} name="ucpId" label={t('fields.ucpId')} required />
              </>
            )}
          </EntityForm>
        </DialogContent>
      </Dialog>
      <ConfirmDialog
        open={removing !== null}
        title={t('members.removeTitle', { loginId: removing?.loginId ?? '' })}
        body={t('members.removeBody', { ucpId: removing?.ucpId ?? '' })}
        errorCode={remove.error?.error.code}
        pending={remove.isPending}
        confirmLabel={t('members.remove')}
        confirmColor="error"
        onConfirm={() => removing && remove.mutate({ id: group.id, userId: removing.userId, ucpId: removing.ucpId })}
        onClose={() => {
          setRemoving(null);
          // A refusal belongs to the member it was about: it showed in the next member's dialog too.
          remove.reset();
        }}
      />
    </DetailSection>
  );
}
