import { useState } from 'react';
import { useTranslation } from 'next-i18next/pages';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { settle, useEndpointMutation } from '@/lib/api/query';
import { loginContract } from '@/lib/auth/contract';
import type { MfaEnrolment } from '@/lib/auth/schemas';
import { plainTotpCode } from '@/lib/auth/totpCode';
import type { BodyOf } from '@/lib/contract';
import { useSessionErrorStore } from '@/store/sessionErrorStore';
import { fieldMessage } from './fieldMessages';
import { MfaSetupPanel, oneTimeCodeProps } from './MfaSetupPanel';
import { CardDone, CardError, CardReadOnly, SectionCard } from './SectionCard';

// Full-width digits and the app's `123 456` are the code too, as at sign-in (lib/auth/totpCode.ts).
const codeSchema = z.object({ code: z.string().overwrite(plainTotpCode).regex(/^[0-9]{6}$/, 'account:account.validation.code') });
type CodeValues = z.infer<typeof codeSchema>;

type EnableMfaBody = BodyOf<typeof loginContract.endpoints.enableMfa>;

/**
 * The enableMfa endpoint answers a wrong code with 401 MFA_INVALID: that is the form's error, not an ended session, so
 * its calls keep the global 401 handler out of it and raise the session dialog themselves for any other 401.
 */
function useEnableMfa() {
  const mutation = useEndpointMutation(loginContract.endpoints.enableMfa, { request: { disableErrorHandler: true } });
  const raise = useSessionErrorStore((s) => s.raise);
  return async (body: EnableMfaBody) => {
    const result = await settle(mutation.mutateAsync(body));
    if (!result.ok && result.error.status === 401 && result.error.code !== 'MFA_INVALID') raise(result.error.code);
    return result;
  };
}

type Step = { kind: 'idle' } | { kind: 'enrolling'; enrolment: MfaEnrolment } | { kind: 'disabling' };

/**
 * Sign-in security: two-step verification with an authenticator app. Set-up shows the QR code and the secret (for
 * typing in), then a first code turns it on; turning it off needs a current code.
 */
export function MfaCard({
  mfaEnabled,
  mfaRequired = false,
  skipMfa,
  canWrite,
  onChange,
}: {
  mfaEnabled: boolean;
  /**
   * Forced by staff: on for good as far as the user is concerned. "Turn off" is not offered (the server refuses it with
   * 409, whose message told the user to refresh and try again); a note says why.
   */
  mfaRequired?: boolean;
  skipMfa: boolean;
  canWrite: boolean;
  onChange: (mfaEnabled: boolean) => void;
}) {
  const { t } = useTranslation(['account', 'mfa', 'error']);
  const [step, setStep] = useState<Step>({ kind: 'idle' });
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState<'enabled' | 'disabled' | null>(null);
  const [starting, setStarting] = useState(false);
  const enableMfa = useEnableMfa();
  const { register, handleSubmit, formState, reset, setError } = useForm<CodeValues>({
    resolver: zodResolver(codeSchema),
    defaultValues: { code: '' },
  });

  const begin = async () => {
    setFailure(null);
    setDone(null);
    setStarting(true);
    const result = await enableMfa({});
    setStarting(false);
    if (!result.ok || !('qrDataUrl' in result.data)) {
      setFailure(result.ok ? 'INTERNAL' : result.error.code);
      return;
    }
    reset({ code: '' });
    setStep({ kind: 'enrolling', enrolment: result.data });
  };

  const cancel = () => {
    setFailure(null);
    reset({ code: '' });
    setStep({ kind: 'idle' });
  };

  const onSubmit = handleSubmit(async ({ code }) => {
    setFailure(null);
    const disabling = step.kind === 'disabling';
    const result = await enableMfa(disabling ? { disable: true, code } : { code });
    if (!result.ok || !('mfaEnabled' in result.data)) {
      if (result.ok) {
        setFailure('INTERNAL');
        return;
      }
      if (result.error.code === 'MFA_INVALID') {
        setError('code', { type: 'server', message: 'error:MFA_INVALID' }, { shouldFocus: true });
      } else {
        setFailure(result.error.code);
      }
      return;
    }
    reset({ code: '' });
    setStep({ kind: 'idle' });
    setDone(result.data.mfaEnabled ? 'enabled' : 'disabled');
    onChange(result.data.mfaEnabled);
  });

  const codeField = (
    <TextField
      label={t('account.mfa.code')}
      {...oneTimeCodeProps('mfa-code')}
      {...register('code')}
      error={Boolean(formState.errors.code)}
      helperText={fieldMessage(t, formState.errors.code?.message) ?? t('account.mfa.codeHelp')}
      sx={{ maxWidth: 240 }}
    />
  );

  return (
    <SectionCard id="mfa" title={t('account.mfa.title')} subtitle={t('account.mfa.intro')}>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography>{t('account.mfa.status')}</Typography>
        <Chip
          size="small"
          color={mfaEnabled ? 'success' : 'default'}
          label={mfaEnabled ? t('account.mfa.on') : t('account.mfa.off')}
          data-testid="mfa-status"
          data-enabled={mfaEnabled ? 'true' : 'false'}
        />
      </Box>
      {skipMfa ? (
        <Typography variant="body2" color="text.secondary">
          {t('account.mfa.skipped')}
        </Typography>
      ) : null}
      {mfaRequired && mfaEnabled ? (
        <Typography variant="body2" color="text.secondary" data-testid="mfa-forced">
          {t('account.mfa.forced')}
        </Typography>
      ) : null}
      {!canWrite ? <CardReadOnly testId="mfa-read-only" /> : null}
      {done ? (
        <CardDone testId="mfa-done">{done === 'enabled' ? t('account.mfa.enabled') : t('account.mfa.disabled')}</CardDone>
      ) : null}
      {failure ? (
        <CardError code={failure} testId="mfa-error" />
      ) : null}

      {step.kind === 'idle' && canWrite && !(mfaEnabled && mfaRequired) ? (
        <Box>
          {mfaEnabled ? (
            <Button variant="outlined" color="primary" onClick={() => { setDone(null); setFailure(null); reset({ code: '' }); setStep({ kind: 'disabling' }); }} data-testid="mfa-turn-off">
              {t('account.mfa.turnOff')}
            </Button>
          ) : (
            <Button variant="contained" onClick={() => void begin()} disabled={starting} data-testid="mfa-set-up">
              {t('account.mfa.setUp')}
            </Button>
          )}
        </Box>
      ) : null}

      {step.kind === 'enrolling' ? (
        <Box component="form" noValidate onSubmit={onSubmit} sx={{ display: 'grid', gap: 2 }} aria-label={t('mfa:setUpTitle')}>
          <MfaSetupPanel enrolment={step.enrolment} />
          {codeField}
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
            <Button type="submit" variant="contained" disabled={formState.isSubmitting} data-testid="mfa-confirm">
              {t('account.mfa.confirm')}
            </Button>
            <Button onClick={cancel}>{t('account.cancel')}</Button>
          </Box>
        </Box>
      ) : null}

      {step.kind === 'disabling' ? (
        <Box component="form" noValidate onSubmit={onSubmit} sx={{ display: 'grid', gap: 2 }} aria-label={t('account.mfa.turnOffTitle')}>
          <Typography variant="body2">{t('account.mfa.turnOffHelp')}</Typography>
          {codeField}
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
            <Button type="submit" variant="contained" color="primary" disabled={formState.isSubmitting} data-testid="mfa-confirm-off">
              {t('account.mfa.turnOff')}
            </Button>
            <Button onClick={cancel}>{t('account.cancel')}</Button>
          </Box>
        </Box>
      ) : null}
    </SectionCard>
  );
}
