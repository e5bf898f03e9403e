import NextLink from 'next/link';
import { useState } from 'react';
import { useTranslation } from 'next-i18next/pages';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { fieldMessage } from '@/components/account/fieldMessages';
import { settle, useEndpointMutation } from '@/lib/api/query';
import { errorKey } from '@/lib/errors';
import { accountLinksContract } from '@/lib/users/contract';
import { requestPasswordResetSchema } from '@/lib/users/schemas';
import { pathTo } from '@/lib/paths';

/**
 * "Forgot password": asks for the login id and always answers the same (whether the id exists or not, the page says
 * an e-mail is on its way if the account can be reset), so the page cannot be used to find out which ids exist.
 */
export function ForgotPasswordScreen() {
  const { t } = useTranslation(['auth', 'account', 'common', 'error']);
  const request = useEndpointMutation(accountLinksContract.endpoints.requestPasswordReset);
  const [sent, setSent] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const { register, handleSubmit, formState, setError } = useForm<{ loginId: string }>({ resolver: zodResolver(requestPasswordResetSchema), defaultValues: { loginId: '' } });
  const onSubmit = handleSubmit(async (v) => {
    setFailure(null);
    const r = await settle(request.mutateAsync(v));
    if (r.ok) return setSent(true);
    // The server's own word on the login id (a pasted hidden control character) goes under the field: the alert said
    // "check the highlighted fields" with none highlighted.
    const onField = r.error.code === 'VALIDATION' ? r.error.fields?.loginId?.[0] : undefined;
    if (onField) setError('loginId', { type: 'server', message: onField }, { shouldFocus: true });
    else setFailure(r.error.code);
  });
  return (
    <Stack spacing={2.5}>
      <Typography variant="h4" component="h1" sx={{ fontWeight: 700 }}>
        {t('auth:forgotPassword.title')}
      </Typography>
      {sent ? (
        <Alert severity="success" role="status" data-testid="forgot-sent">
          {t('auth:forgotPassword.sent')}
        </Alert>
      ) : (
        <>
          <Typography color="text.secondary">{t('auth:forgotPassword.intro')}</Typography>
          {failure ? (
            <Alert severity="error" role="alert">
              {t(errorKey(failure))}
            </Alert>
          ) : null}
          <Box component="form" noValidate onSubmit={onSubmit} sx={{ display: 'grid', gap: 2 }}>
            <TextField
              label={t('auth:login.loginId')}
              autoComplete="username"
              required
              {...register('loginId')}
              error={Boolean(formState.errors.loginId)}
              helperText={fieldMessage(t, formState.errors.loginId?.message ? `common:${formState.errors.loginId.message}` : undefined)}
              slotProps={{ htmlInput: { 'data-testid': 'forgot-login-id', maxLength: 254 } }}
            />
            <Box>
              <Button type="submit" variant="contained" size="large" disabled={formState.isSubmitting} data-testid="forgot-submit">
                {t('auth:forgotPassword.submit')}
              </Button>
            </Box>
          </Box>
        </>
      )}
      <Link component={NextLink} href={pathTo('/login')}>
        {t('auth:forgotPassword.back')}
      </Link>
    </Stack>
  );
}
