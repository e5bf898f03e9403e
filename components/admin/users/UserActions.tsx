import { useEffect, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useTranslation } from 'next-i18next/pages';
import { Can } from '@/components/common/Can';
import { useFieldMessage } from '@/components/common/form/useFieldMessage';
import { ConfirmDialog } from '@/components/common/ConfirmDialog';
import { NOTICE_FOCUS } from '@/components/common/noticeFocus';
import { useEndpointMutation, useSession } from '@/lib/api/query';
import { usersContract } from '@/lib/users/contract';
import type { UserDetail, UserStatusAction } from '@/lib/users/schemas';

type Action = UserStatusAction | 'resetMfa' | 'resend';

/** What each button does, and whether it needs a confirmation (the ones that sign the user out do). */
const DANGER: readonly Action[] = ['lock', 'disable', 'resetMfa'];

/**
 * The view page's actions on an account: lock / unlock, disable / enable and reset MFA for `user_ac_main_write`,
 * resend the activation e-mail for `user_ac_main_resend`. Each asks for confirmation, then shows what happened.
 */
export function UserActions({ user }: { user: UserDetail }) {
  const { t } = useTranslation(['users', 'common', 'error']);
  // One's own account cannot be locked or disabled (the server refuses it); the buttons are not offered.
  const self = useSession().data?.currentUser.userAcUuid === user.id;
  const [open, setOpen] = useState<Action | null>(null);
  const [done, setDone] = useState<Action | null>(null);
  // The outcome takes focus: the button that did it goes away with the new status (Lock, Disable, Reset MFA…), and
  // focus given back to it by the dialog was lost to the page's body.
  const doneRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (done) doneRef.current?.focus();
  }, [done]);
  const close = () => setOpen(null);
  const onSuccess = () => {
    setDone(open);
    setOpen(null);
  };
  const status = useEndpointMutation(usersContract.endpoints.setUserStatus, { onSuccess });
  const mfa = useEndpointMutation(usersContract.endpoints.resetMfa, { onSuccess });
  const resend = useEndpointMutation(usersContract.endpoints.resendActivation, { onSuccess });
  const pending = status.isPending || mfa.isPending || resend.isPending;
  const error = status.error ?? mfa.error ?? resend.error;
  // Why an action was refused, when the server says (locking or disabling one's own account).
  const fieldMessage = useFieldMessage();
  const errorText = fieldMessage(error?.error.fields?.action?.[0]) ?? null;

  const run = (a: Action) => {
    if (a === 'resetMfa') mfa.mutate({ id: user.id });
    else if (a === 'resend') resend.mutate({ id: user.id });
    else status.mutate({ id: user.id, action: a });
  };
  const open_ = (a: Action) => {
    status.reset();
    mfa.reset();
    resend.reset();
    setDone(null);
    setOpen(a);
  };

  const writeActions: Action[] = [];
  if (user.status === 'locked') writeActions.push('unlock');
  if (user.storedStatus === 'active' && !self) writeActions.push('lock', 'disable');
  if (user.storedStatus === 'inactive') writeActions.push('enable');
  if (user.mfaEnabled) writeActions.push('resetMfa');

  return (
    <>
      {done ? (
        <Alert severity="success" role="status" onClose={() => setDone(null)} closeText={t('common:close')} sx={{ width: '100%', order: 10, ...NOTICE_FOCUS }} data-testid="user-action-done" ref={doneRef} tabIndex={-1}>
          {t(`actions.${done}.done`, { email: user.email })}
        </Alert>
      ) : null}
      <Can anyOf={['user_ac_main_write']}>
        {writeActions.map((a) => (
          <Button key={a} variant="outlined" color={DANGER.includes(a) ? 'error' : 'primary'} onClick={() => open_(a)}>
            {t(`actions.${a}.action`)}
          </Button>
        ))}
      </Can>
      {user.status === 'pending' ? (
        <Can anyOf={['user_ac_main_resend']}>
          <Button variant="outlined" onClick={() => open_('resend')}>
            {t('actions.resend.action')}
          </Button>
        </Can>
      ) : null}
      {open ? (
        <ConfirmDialog
          open
          title={t(`actions.${open}.title`, { name: user.name })}
          body={t(`actions.${open}.body`, { email: user.email })}
          errorCode={error?.error.code}
          errorText={errorText}
          pending={pending}
          confirmLabel={t(`actions.${open}.confirm`)}
          confirmColor={DANGER.includes(open) ? 'error' : 'primary'}
          onConfirm={() => run(open)}
          onClose={close}
        />
      ) : null}
    </>
  );
}
