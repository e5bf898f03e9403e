import NextLink from 'next/link';
import { useRouter } from 'next/router';
import { useState } from 'react';
import { useTranslation } from 'next-i18next/pages';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { fieldMessage } from '@/components/account/fieldMessages';
import { NewPasswordFields } from '@/components/account/NewPasswordFields';
import { RetryAlert } from '@/components/common/RetryAlert';
import { useRouterReady } from '@/components/common/useRouterReady';
import { settle, useEndpointMutation, useEndpointQuery } from '@/lib/api/query';
import { passwordSchema } from '@/lib/auth/passwordRules';
import { errorKey } from '@/lib/errors';
import { accountLinksContract } from '@/lib/users/contract';
import type { LinkPurpose } from '@/lib/users/schemas';
import { pathTo } from '@/lib/paths';

const formSchema = z
  .object({ password: passwordSchema, confirmPassword: z.string().min(1, 'account:account.validation.required') })
  .superRefine((v, ctx) => {
    if (v.confirmPassword && v.password !== v.confirmPassword) ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: 'account:account.validation.mismatch' });
  });
type Values = z.infer<typeof formSchema>;

const TOKEN = /^[A-Za-z0-9_-]{32,64}$/;

/**
 * The public page a one-time link opens (docs/user-accounts.md): `/login/activate?token=…` sets the first password
 * of a new account, `/login/reset-password?token=…` a new one after "forgot password". The link is checked first
 * (an unknown, used or expired one says so and offers the way to a new one); the password follows the same rules
 * as everywhere (lib/auth/passwordRules.ts), with the hints ticked off while typing.
 */
export function SetPasswordScreen({ purpose }: { purpose: LinkPurpose }) {
  const { t } = useTranslation(['auth', 'account', 'common', 'error']);
  const router = useRouter();
  // Not router.isReady: the page's first render must be the server's (no token known yet), docs/ui-components.md.
  const ready = useRouterReady();
  const raw = ready && typeof router.query.token === 'string' ? router.query.token : '';
  const token = TOKEN.test(raw) ? raw : '';
  const p = purpose === 'activation' ? 'activate' : 'resetPassword';
  // Page data like any other (spec §9): a check that fails for a while (network, 5xx) is tried again every 5 s; an
  // unknown, used or expired link is a final answer (4xx, never retried).
  const link = useEndpointQuery(accountLinksContract.endpoints.checkLink, ready && token ? { token, purpose } : null);
  const save = useEndpointMutation(accountLinksContract.endpoints.setPassword);
  const [done, setDone] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const { register, handleSubmit, formState, control, setError } = useForm<Values>({ resolver: zodResolver(formSchema), defaultValues: { password: '', confirmPassword: '' }, mode: 'onTouched' });
  const password = useWatch({ control, name: 'password' });

  const onSubmit = handleSubmit(async (v) => {
    setFailure(null);
    const r = await settle(save.mutateAsync({ token, purpose, password: v.password }));
    if (r.ok) {
      setDone(r.data.loginId);
      return;
    }
    const onField = r.error.fields?.password?.[0];
    if (r.error.code === 'VALIDATION' && onField) setError('password', { type: 'server', message: onField });
    else setFailure(r.error.code);
  });

  const heading = (
    <Typography variant="h4" component="h1" sx={{ fontWeight: 700 }}>
      {t(`auth:${p}.title`)}
    </Typography>
  );
  const newLink =
    purpose === 'reset' ? (
      <Button component={NextLink} href={pathTo('/login/forgot-password')} variant="outlined">
        {t('auth:forgotPassword.again')}
      </Button>
    ) : null;

  if (done) {
    return (
      <Stack spacing={2.5}>
        {heading}
        <Alert severity="success" role="status" data-testid="set-password-done">
          {t(`auth:${p}.done`, { loginId: done })}
        </Alert>
        <Button component={NextLink} href={pathTo('/login')} variant="contained" data-testid="go-sign-in">
          {t('common:signIn')}
        </Button>
      </Stack>
    );
  }
  if (!ready || (token && link.isLoading)) {
    return (
      <Stack spacing={2.5} sx={{ alignItems: 'flex-start' }}>
        {heading}
        {link.retrying ? <RetryAlert error={link.retrying} onRetry={() => void link.refetch()} /> : null}
        <CircularProgress aria-label={t('auth:activate.checking')} />
      </Stack>
    );
  }
  if (!token || link.error || failure === 'LINK_INVALID') {
    const code = link.error?.error.code ?? 'LINK_INVALID';
    return (
      <Stack spacing={2.5}>
        {heading}
        <Alert severity="error" role="alert" data-testid="link-invalid">
          {t(errorKey(code))} {purpose === 'activation' && code === 'LINK_INVALID' ? t('auth:activate.askAgain') : ''}
        </Alert>
        {newLink}
      </Stack>
    );
  }
  const errorOf = (name: keyof Values) => fieldMessage(t, formState.errors[name]?.message);

  return (
    <Stack spacing={2.5}>
      {heading}
      <Typography color="text.secondary">{t(`auth:${p}.intro`, { loginId: link.data?.loginId ?? '' })}</Typography>
      {failure ? (
        <Alert severity="error" role="alert" data-testid="set-password-error">
          {t(errorKey(failure))}
        </Alert>
      ) : null}
      <Box component="form" noValidate onSubmit={onSubmit} sx={{ display: 'grid', gap: 2 }}>
        {/* Lets password managers store the new password under the right login id. */}
        <input type="text" name="username" autoComplete="username" hidden readOnly value={link.data?.loginId ?? ''} aria-hidden tabIndex={-1} />
        <NewPasswordFields
          idPrefix="link-"
          password={password ?? ''}
          newPassword={register('password')}
          confirmPassword={register('confirmPassword')}
          newPasswordError={errorOf('password')}
          confirmPasswordError={errorOf('confirmPassword')}
        />
        <Box>
          <Button type="submit" variant="contained" size="large" disabled={formState.isSubmitting} data-testid="set-password-submit">
            {t(`auth:${p}.submit`)}
          </Button>
        </Box>
      </Box>
    </Stack>
  );
}
