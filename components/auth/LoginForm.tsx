import { useEffect, useRef, useState } from 'react';
import NextLink from 'next/link';
import { useRouter } from 'next/router';
import { useTranslation } from 'next-i18next/pages';
import { useForm, type RegisterOptions } from 'react-hook-form';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { MfaSetupPanel, oneTimeCodeProps } from '@/components/account/MfaSetupPanel';
import { settle, useEndpointMutation, getSession, signIn, useSession } from '@/lib/api/query';
import { loginContract } from '@/lib/auth/contract';
import { continueAfterSignIn } from '@/lib/auth/continueAfterSignIn';
import type { MfaEnrolment } from '@/lib/auth/schemas';
import { sanitizeDeepLink, sanitizeReturnTo } from '@/lib/auth/deepLink';
import { isTotpCode } from '@/lib/auth/totpCode';
import { errorKey } from '@/lib/errors';
import { pathTo } from '@/lib/paths';

type LoginValues = { loginId: string; password: string; totp: string };

/**
 * The sign-in form's checks, with react-hook-form's own rules rather than a zod schema: the server checks the same
 * again, and this page is the first most visits load, where zod's code (≈ 70 kB before compression) was a third of
 * the page's own JavaScript and its evaluation a long task on a phone (docs/performance.md "The sign-in page without
 * zod"). The messages are `auth:login.validation.*`. Values are trimmed where the server trims (login id, code).
 */
const RULES: { [K in keyof LoginValues]: RegisterOptions<LoginValues, K> } = {
  loginId: { validate: (v) => (v.trim() === '' ? 'required' : v.trim().length > 254 ? 'tooLong' : true) },
  password: { validate: (v) => (v === '' ? 'required' : v.length > 256 ? 'tooLong' : true) },
  // Full-width digits and the app's `123 456` are the code too (plainTotpCode; the server reads it alike).
  totp: { validate: (v) => (v.trim() === '' || isTotpCode(v) ? true : 'totpFormat') },
};

/** Codes next-auth itself may put in `?error=` (besides ours). */
const NEXT_AUTH_ERRORS: Record<string, string> = {
  SessionRequired: 'error:A001',
  CredentialsSignin: 'error:INVALID_CREDENTIALS',
  Callback: 'error:INTERNAL',
  Configuration: 'error:INTERNAL',
};

// Own keys only: `?error=toString` must not reach Object.prototype (it crashed the page).
export const messageKeyForCode = (code: string): string => (Object.hasOwn(NEXT_AUTH_ERRORS, code) ? NEXT_AUTH_ERRORS[code] : undefined) ?? errorKey(code);

/**
 * `returning`: the heading and introduction when the form carries a page to go back to (a deep link, or the page the
 * session ended on): "Sign in to continue / … we will take you to the page you opened". Without one the form shows
 * `title` and `intro` (QA: after signing out, /weblogin promised a page that did not exist).
 */
export function LoginForm({ title, intro, returning }: { title: string; intro?: string; returning?: { title: string; intro: string } }) {
  const { t } = useTranslation(['auth', 'mfa', 'common', 'error']);
  const router = useRouter();
  const { update } = useSession();
  // next-auth's `update` from a render without a session does nothing: after signing in, call the latest one.
  const updateRef = useRef(update);
  useEffect(() => {
    updateRef.current = update;
  }, [update]);
  const [needsTotp, setNeedsTotp] = useState(false);
  // Forced MFA without an authenticator (docs/auth.md): the enrolment step shows the QR code and the key, and the code
  // from the authenticator both turns MFA on and signs in.
  const [enrolment, setEnrolment] = useState<MfaEnrolment | null>(null);
  const startEnrolment = useEndpointMutation(loginContract.endpoints.startSignInMfaEnrolment, { request: { disableErrorHandler: true } });
  const [failure, setFailure] = useState<string | null>(null);
  // The `?error=` that brought the user here (an expired session, say) is stale once the user tries again.
  const [hasSubmitted, setHasSubmitted] = useState(false);
  const queryError = typeof router.query.error === 'string' ? router.query.error.slice(0, 64) : null;
  // A deep link (spec §4), else the page the session ended on (the session-expired dialog's "Sign in again").
  const link = sanitizeDeepLink(router.query.deepLink, router.query.deepLinkParams) ?? sanitizeReturnTo(router.query.returnTo);
  const heading = link && returning ? returning.title : title;
  const introText = link && returning ? returning.intro : intro;
  const { register, handleSubmit, formState, setFocus, setError, reset } = useForm<LoginValues>({
    defaultValues: { loginId: '', password: '', totp: '' },
  });

  const submit = async (typed: LoginValues) => {
    const values = { loginId: typed.loginId.trim(), password: typed.password, totp: typed.totp.trim() };
    if (needsTotp && !values.totp) {
      // The code step needs its code: sending without one would only ask again (and restart a set-up with a new key).
      setError('totp', { message: 'totpFormat' });
      setFocus('totp');
      return;
    }
    setFailure(null);
    setHasSubmitted(true);
    const result = await signIn('credentials', {
      redirect: false,
      // next-auth reads a failure from the `error` parameter of the URL it answers with, which on success is the
      // callback URL — by default this page, whose own `?error=` (an expired session) would pass for a failure.
      // Where the user goes next is decided by continueAfterSignIn, not by this URL.
      callbackUrl: '/',
      loginId: values.loginId,
      password: values.password,
      totp: needsTotp ? (values.totp ?? '') : '',
    });
    if (!result || result.error) {
      const code = result?.error ?? 'NETWORK';
      if (code === 'MFA_REQUIRED') {
        setNeedsTotp(true);
        setTimeout(() => setFocus('totp'), 0);
      }
      if (code === 'MFA_ENROL_REQUIRED') {
        const started = await settle(startEnrolment.mutateAsync({ loginId: values.loginId, password: values.password }));
        if (!started.ok) {
          setFailure(started.error.code);
          return;
        }
        setEnrolment(started.data);
        setNeedsTotp(true);
        setTimeout(() => setFocus('totp'), 0);
      }
      setFailure(code);
      return;
    }
    const session = await getSession();
    if (!session) {
      setFailure('INTERNAL');
      return;
    }
    await continueAfterSignIn(router, session, (data) => updateRef.current(data), link, { atSignIn: true });
  };

  const fieldError = (name: keyof LoginValues) => {
    const msg = formState.errors[name]?.message;
    return msg ? t(`auth:login.validation.${msg}`) : undefined;
  };
  const anyError = failure ?? (hasSubmitted ? null : queryError);
  // The set-up step's introduction already says why it is asked for.
  const shownError = enrolment && anyError === 'MFA_ENROL_REQUIRED' ? null : anyError;

  return (
    <Stack component="form" noValidate spacing={2.5} onSubmit={(event) => void handleSubmit(submit)(event)} aria-labelledby="login-title">
      <div>
        <Typography id="login-title" variant="h4" component="h1" sx={{ fontWeight: 700 }}>
          {/* The verification step says what it is (issue 10 item 15). */}
          {enrolment ? t('mfa:setUpTitle') : needsTotp ? t('auth:login.mfaTitle') : heading}
        </Typography>
        {enrolment ? (
          <Typography color="text.secondary" sx={{ mt: 1 }}>
            {t('auth:login.enrolIntro')}
          </Typography>
        ) : needsTotp ? (
          <Typography color="text.secondary" sx={{ mt: 1 }}>
            {t('auth:login.mfaIntro')}
          </Typography>
        ) : introText ? (
          <Typography color="text.secondary" sx={{ mt: 1 }} data-testid="login-intro">
            {introText}
          </Typography>
        ) : null}
      </div>
      {shownError ? (
        <Alert severity={shownError === 'MFA_REQUIRED' || shownError === 'MFA_ENROL_REQUIRED' ? 'info' : 'error'} role="alert" data-testid="login-error" data-code={shownError}>
          {t(messageKeyForCode(shownError))}
        </Alert>
      ) : null}
      <TextField
        label={t('auth:login.loginId')}
        autoComplete="username"
        autoFocus
        required
        {...register('loginId', RULES.loginId)}
        error={Boolean(formState.errors.loginId)}
        helperText={fieldError('loginId')}
        slotProps={{ htmlInput: { 'data-testid': 'login-id', maxLength: 254 } }}
      />
      <TextField
        label={t('auth:login.password')}
        type="password"
        autoComplete="current-password"
        required
        {...register('password', RULES.password)}
        error={Boolean(formState.errors.password)}
        helperText={fieldError('password')}
        slotProps={{ htmlInput: { 'data-testid': 'password', maxLength: 256 } }}
      />
      {enrolment ? (
        <Box sx={{ display: 'grid', gap: 1.5 }} data-testid="login-enrolment">
          <MfaSetupPanel enrolment={enrolment} />
        </Box>
      ) : null}
      {needsTotp ? (
        <TextField
          label={t('auth:login.totp')}
          {...oneTimeCodeProps('totp')}
          {...register('totp', RULES.totp)}
          error={Boolean(formState.errors.totp)}
          helperText={fieldError('totp') ?? t('auth:login.totpHelp')}
        />
      ) : null}
      <Button type="submit" variant="contained" size="large" disabled={formState.isSubmitting} data-testid="login-submit">
        {formState.isSubmitting ? t('auth:login.signingIn') : enrolment ? t('auth:login.enrolSubmit') : t('common:signIn')}
      </Button>
      <Link component={NextLink} href={pathTo('/login/forgot-password')} variant="body2" data-testid="forgot-password-link">
        {t('auth:login.forgot')}
      </Link>
      {needsTotp ? (
        <Button
          variant="text"
          data-testid="login-other-account"
          onClick={() => {
            setNeedsTotp(false);
            setEnrolment(null);
            setFailure(null);
            reset({ loginId: '', password: '', totp: '' });
            setTimeout(() => setFocus('loginId'), 0);
          }}
        >
          {t('auth:login.otherAccount')}
        </Button>
      ) : null}
      <Typography variant="body2" color="text.secondary">
        {t('auth:login.help')}
      </Typography>
    </Stack>
  );
}
