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
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import RadioButtonUncheckedIcon from '@mui/icons-material/RadioButtonUnchecked';
import { fieldMessage } from '@/components/account/fieldMessages';
import { PasswordField } from '@/components/account/PasswordField';
import { visuallyHidden } from '@/components/common/visuallyHidden';
import { settle, useEndpointMutation, useEndpointQuery } from '@/lib/api/query';
import { checkPasswordRules, passwordSchema, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@/lib/auth/passwordRules';
import { errorKey } from '@/lib/errors';
import { accountLinksContract } from '@/lib/users/contract';
import type { LinkPurpose } from '@/lib/users/schemas';

const formSchema = z
  .object({ password: passwordSchema, confirmPassword: z.string().min(1, 'page:account.validation.required') })
  .superRefine((v, ctx) => {
    if (v.confirmPassword && v.password !== v.confirmPassword) ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: 'page:account.validation.mismatch' });
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
  const { t } = useTranslation(['page', 'common', 'error']);
  const router = useRouter();
  const raw = typeof router.query.token === 'string' ? router.query.token : '';
  const token = TOKEN.test(raw) ? raw : '';
  const p = purpose === 'activation' ? 'activate' : 'resetPassword';
  const link = useEndpointQuery(accountLinksContract.endpoints.checkLink, router.isReady && token ? { token, purpose } : null, { retry: false });
  const save = useEndpointMutation(accountLinksContract.endpoints.setPassword);
  const [done, setDone] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const { register, handleSubmit, formState, control, setError } = useForm<Values>({ resolver: zodResolver(formSchema), defaultValues: { password: '', confirmPassword: '' }, mode: 'onTouched' });
  const password = useWatch({ control, name: 'password' });
  const rules = checkPasswordRules(password ?? '');

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
      {t(`page:${p}.title`)}
    </Typography>
  );
  const newLink =
    purpose === 'reset' ? (
      <Button component={NextLink} href="/login/forgot-password" variant="outlined">
        {t('page:forgotPassword.again')}
      </Button>
    ) : null;

  if (done) {
    return (
      <Stack spacing={2.5}>
        {heading}
        <Alert severity="success" role="status" data-testid="set-password-done">
          {t(`page:${p}.done`, { loginId: done })}
        </Alert>
        <Button component={NextLink} href="/login" variant="contained" data-testid="go-sign-in">
          {t('common:signIn')}
        </Button>
      </Stack>
    );
  }
  if (!router.isReady || (token && link.isLoading)) {
    return (
      <Stack spacing={2.5} sx={{ alignItems: 'flex-start' }}>
        {heading}
        <CircularProgress aria-label={t('page:activate.checking')} />
      </Stack>
    );
  }
  if (!token || link.error || failure === 'LINK_INVALID') {
    const code = link.error?.error.code ?? 'LINK_INVALID';
    return (
      <Stack spacing={2.5}>
        {heading}
        <Alert severity="error" role="alert" data-testid="link-invalid">
          {t(errorKey(code))} {purpose === 'activation' && code === 'LINK_INVALID' ? t('page:activate.askAgain') : ''}
        </Alert>
        {newLink}
      </Stack>
    );
  }
  const errorOf = (name: keyof Values) => fieldMessage(t, formState.errors[name]?.message);

  return (
    <Stack spacing={2.5}>
      {heading}
      <Typography color="text.secondary">{t(`page:${p}.intro`, { loginId: link.data?.loginId ?? '' })}</Typography>
      {failure ? (
        <Alert severity="error" role="alert" data-testid="set-password-error">
          {t(errorKey(failure))}
        </Alert>
      ) : null}
      <Box component="form" noValidate onSubmit={onSubmit} sx={{ display: 'grid', gap: 2 }}>
        {/* Lets password managers store the new password under the right login id. */}
        <input type="text" name="username" autoComplete="username" hidden readOnly value={link.data?.loginId ?? ''} aria-hidden tabIndex={-1} />
        <PasswordField
          id="link-new-password"
          testId="new-password"
          label={t('page:account.password.new')}
          autoComplete="new-password"
          required
          describedBy="link-password-rules"
          {...register('password')}
          error={Boolean(formState.errors.password)}
          helperText={errorOf('password')}
        />
        <List dense disablePadding id="link-password-rules" aria-label={t('page:account.password.rulesTitle')}>
          {rules.map((rule) => (
            <ListItem key={rule.key} disableGutters sx={{ py: 0 }} data-ok={rule.ok ? 'true' : 'false'}>
              <ListItemIcon sx={{ minWidth: 28, color: rule.ok ? 'success.main' : 'text.disabled' }}>
                {rule.ok ? <CheckCircleIcon fontSize="small" /> : <RadioButtonUncheckedIcon fontSize="small" />}
              </ListItemIcon>
              <ListItemText
                primary={
                  <>
                    {t(`page:account.password.rules.${rule.key}`, { min: PASSWORD_MIN_LENGTH, max: PASSWORD_MAX_LENGTH })}
                    <Box component="span" sx={visuallyHidden}>
                      {` (${rule.ok ? t('page:account.password.ruleMet') : t('page:account.password.ruleNotMet')})`}
                    </Box>
                  </>
                }
                slotProps={{ primary: { variant: 'body2' } }}
              />
            </ListItem>
          ))}
        </List>
        <PasswordField
          id="link-confirm-password"
          testId="confirm-password"
          label={t('page:account.password.confirm')}
          autoComplete="new-password"
          required
          {...register('confirmPassword')}
          error={Boolean(formState.errors.confirmPassword)}
          helperText={errorOf('confirmPassword')}
        />
        <Box>
          <Button type="submit" variant="contained" size="large" disabled={formState.isSubmitting} data-testid="set-password-submit">
            {t(`page:${p}.submit`)}
          </Button>
        </Box>
      </Box>
    </Stack>
  );
}
