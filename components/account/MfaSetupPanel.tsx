import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'next-i18next/pages';
import type { MfaEnrolment } from '@/lib/auth/schemas';
import { TOTP_INPUT_MAX_LENGTH } from '@/lib/auth/totpCode';

/**
 * The props of an authenticator code's text field (six digits, filled in by the phone's keyboard or password manager;
 * room for the space of a code pasted as an app shows it, `123 456`).
 */
export const oneTimeCodeProps = (testId: string) =>
  ({
    autoComplete: 'one-time-code',
    required: true,
    slotProps: { htmlInput: { inputMode: 'numeric', pattern: '[0-9]*', maxLength: TOTP_INPUT_MAX_LENGTH, 'data-testid': testId } },
  }) as const;

/** Groups of four, as authenticator apps show secrets: easier to type by hand. */
const groupSecret = (secret: string) => secret.replace(/(.{4})(?=.)/g, '$1 ');

/**
 * Setting up an authenticator app: the two steps, the QR code and the key for typing in (texts in the `mfa`
 * namespace). Shown by the account page's MFA card and by the sign-in form when MFA is forced; the code field and
 * the buttons stay with each screen (`children`).
 */
export function MfaSetupPanel({ enrolment, children }: { enrolment: MfaEnrolment; children?: ReactNode }) {
  const { t } = useTranslation('mfa');
  return (
    <>
      <Typography component="ol" variant="body2" sx={{ m: 0, pl: 2.5, display: 'grid', gap: 0.5 }}>
        <li>{t('stepScan')}</li>
        <li>{t('stepCode')}</li>
      </Typography>
      <Box
        component="img"
        src={enrolment.qrDataUrl}
        alt={t('qrAlt')}
        width={200}
        height={200}
        sx={{ width: 200, height: 200, maxWidth: '100%', bgcolor: '#fff', borderRadius: 1, border: 1, borderColor: 'divider' }}
        data-testid="mfa-qr"
      />
      <div>
        <Typography variant="body2" color="text.secondary">
          {t('secretLabel')}
        </Typography>
        <Typography component="code" sx={{ fontFamily: 'monospace', fontSize: '1rem', letterSpacing: '0.05em', overflowWrap: 'anywhere', userSelect: 'all' }} data-testid="mfa-secret">
          {groupSecret(enrolment.secret)}
        </Typography>
      </div>
      {children}
    </>
  );
}
