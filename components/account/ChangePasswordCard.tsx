import { useEffect } from 'react';
import { useTranslation } from 'next-i18next/pages';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { accountContract } from '@/lib/account/contract';
import { setAuthToken } from '@/lib/api/client';
import { settle, useEndpointMutation, useSession } from '@/lib/api/query';
import { passwordSchema } from '@/lib/auth/passwordRules';
import type { SessionUpdate } from '@/lib/auth/sessionTypes';
import { fieldMessage } from './fieldMessages';
import { NewPasswordFields } from './NewPasswordFields';
import { PasswordField } from './PasswordField';
import { usePasswordOutcome } from './passwordOutcomeStore';
import { CardDone, CardError, CardReadOnly, CardSubmit, SectionCard } from './SectionCard';

/** The same policy as the server (lib/auth/passwordRules.ts), plus what only the form can check. */
export const changePasswordFormSchema = z
  .object({
    currentPassword: z.string().min(1, 'account:account.validation.required').max(1024, 'account:account.validation.tooLong'),
    newPassword: passwordSchema,
    confirmPassword: z.string().min(1, 'account:account.validation.required'),
  })
  .superRefine((v, ctx) => {
    // The server compares the passwords as it stores them (NFKC: full-width `２０２４` is `2024`), and so does this check.
    const plain = (p: string) => p.normalize('NFKC');
    if (v.confirmPassword && v.newPassword !== v.confirmPassword) {
      ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: 'account:account.validation.mismatch' });
    }
    if (v.currentPassword && plain(v.newPassword) === plain(v.currentPassword)) {
      ctx.addIssue({ code: 'custom', path: ['newPassword'], message: 'password_same_as_current' });
    }
  });
type PasswordValues = z.infer<typeof changePasswordFormSchema>;

const EMPTY: PasswordValues = { currentPassword: '', newPassword: '', confirmPassword: '' };
const SERVER_FIELDS = ['currentPassword', 'newPassword'] as const;

/**
 * Current password, new password twice. On success the server has revoked every token of the user (other browsers
 * and devices are signed out) and sent a fresh one for this session, which next-auth's `update({ jwtToken })` takes.
 */
export function ChangePasswordCard({ canWrite, onChanged }: { canWrite: boolean; onChanged: (passwordChangedAt: string) => void }) {
  const { t } = useTranslation(['account', 'error']);
  const { update } = useSession();
  const outcome = usePasswordOutcome((s) => s.outcome);
  const setOutcome = usePasswordOutcome((s) => s.set);
  // Leaving the page forgets the result; the unmount caused by the session update (see the store) does not.
  useEffect(
    () => () => {
      if (!usePasswordOutcome.getState().updating) usePasswordOutcome.getState().clear();
    },
    [],
  );
  const { register, handleSubmit, formState, setError, reset, control, setFocus } = useForm<PasswordValues>({
    resolver: zodResolver(changePasswordFormSchema),
    defaultValues: EMPTY,
    mode: 'onTouched',
  });
  const change = useEndpointMutation(accountContract.endpoints.changePassword);
  const newPassword = useWatch({ control, name: 'newPassword' });

  const onSubmit = handleSubmit(async (values) => {
    setOutcome(null);
    const result = await settle(change.mutateAsync({ currentPassword: values.currentPassword, newPassword: values.newPassword }));
    if (!result.ok) {
      const { code, fields } = result.error;
      const onFields = SERVER_FIELDS.filter((f) => fields?.[f]?.length);
      if (code === 'VALIDATION' && onFields.length > 0) {
        for (const f of onFields) setError(f, { type: 'server', message: fields![f]![0] });
        setFocus(onFields[0]!);
        return;
      }
      setOutcome({ kind: 'error', code });
      return;
    }
    // Every older token is void now, this session's included: use the new one at once, then hand it to next-auth.
    setAuthToken(result.data.jwtToken);
    reset(EMPTY);
    onChanged(result.data.passwordChangedAt);
    setOutcome(null, true);
    const sessionUpdate: SessionUpdate = { jwtToken: result.data.jwtToken };
    const session = await update(sessionUpdate).catch(() => null);
    setOutcome(session?.jwtToken ? { kind: 'changed' } : { kind: 'signInAgain' });
  });

  const errorOf = (name: keyof PasswordValues) => fieldMessage(t, formState.errors[name]?.message);
  const disabled = !canWrite || formState.isSubmitting;

  return (
    <SectionCard id="password" title={t('account.password.title')} subtitle={t('account.password.intro')}>
      {!canWrite ? <CardReadOnly testId="password-read-only" /> : null}
      {outcome?.kind === 'changed' ? (
        <CardDone testId="password-changed">{t('account.password.changed')}</CardDone>
      ) : null}
      {outcome?.kind === 'signInAgain' ? (
        <Alert severity="warning" role="alert" data-testid="password-sign-in-again">
          {t('account.password.signInAgain')}
        </Alert>
      ) : null}
      {outcome?.kind === 'error' ? (
        <CardError code={outcome.code} testId="password-error" />
      ) : null}
      <Box component="form" noValidate onSubmit={onSubmit} sx={{ display: 'grid', gap: 2 }} aria-labelledby="password-title">
        {/* Lets password managers tie the new password to the account. */}
        <input type="text" name="username" autoComplete="username" hidden readOnly value="" aria-hidden tabIndex={-1} />
        <PasswordField
          id="current-password"
          testId="current-password"
          label={t('account.password.current')}
          autoComplete="current-password"
          required
          disabled={disabled}
          {...register('currentPassword')}
          error={Boolean(formState.errors.currentPassword)}
          helperText={errorOf('currentPassword')}
        />
        <NewPasswordFields
          password={newPassword ?? ''}
          newPassword={register('newPassword')}
          confirmPassword={register('confirmPassword')}
          newPasswordError={errorOf('newPassword')}
          confirmPasswordError={errorOf('confirmPassword')}
          disabled={disabled}
        />
        <CardSubmit label={t('account.password.submit')} saving={formState.isSubmitting} disabled={disabled} testId="password-submit" />
      </Box>
    </SectionCard>
  );
}

