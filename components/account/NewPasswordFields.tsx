import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'next-i18next/pages';
import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import RadioButtonUncheckedIcon from '@mui/icons-material/RadioButtonUnchecked';
import { visuallyHidden } from '@/components/common/visuallyHidden';
import { checkPasswordRules, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@/lib/auth/passwordRules';
import { PasswordField } from './PasswordField';

export type NewPasswordFieldsProps = {
  /** Prefix of the inputs' ids (`${idPrefix}new-password`, `${idPrefix}password-rules`, `${idPrefix}confirm-password`). */
  idPrefix?: string;
  /** The new password as typed (react-hook-form's `useWatch`), for the rule hints. */
  password: string;
  newPassword: UseFormRegisterReturn;
  confirmPassword: UseFormRegisterReturn;
  /** Translated messages of the two fields, if in error. */
  newPasswordError?: string | undefined;
  confirmPasswordError?: string | undefined;
  disabled?: boolean;
};

/**
 * The new password, the password rules ticked off while typing (the same policy as the server,
 * lib/auth/passwordRules.ts; each rule says "met" / "not met" to screen readers) and the confirmation: the part
 * shared by the account page's password change and the one-time link pages (activation, reset).
 */
export function NewPasswordFields({ idPrefix = '', password, newPassword, confirmPassword, newPasswordError, confirmPasswordError, disabled }: NewPasswordFieldsProps) {
  const { t } = useTranslation('account');
  const rules = checkPasswordRules(password);
  const rulesId = `${idPrefix}password-rules`;
  const field = (kind: 'new' | 'confirm', registered: UseFormRegisterReturn, error: string | undefined, describedBy?: string) => (
    <PasswordField
      id={`${idPrefix}${kind}-password`}
      testId={`${kind}-password`}
      label={t(`account.password.${kind}`)}
      autoComplete="new-password"
      required
      disabled={disabled}
      {...(describedBy ? { describedBy } : {})}
      {...registered}
      error={Boolean(error)}
      helperText={error}
    />
  );
  return (
    <>
      {field('new', newPassword, newPasswordError, rulesId)}
      <List dense disablePadding id={rulesId} aria-label={t('account.password.rulesTitle')} data-testid="password-rules">
        {rules.map((rule) => (
          <ListItem key={rule.key} disableGutters sx={{ py: 0 }} data-testid={`rule-${rule.key}`} data-ok={rule.ok ? 'true' : 'false'}>
            <ListItemIcon sx={{ minWidth: 28, color: rule.ok ? 'success.main' : 'text.disabled' }}>
              {rule.ok ? <CheckCircleIcon fontSize="small" /> : <RadioButtonUncheckedIcon fontSize="small" />}
            </ListItemIcon>
            <ListItemText
              primary={
                <>
                  {t(`account.password.rules.${rule.key}`, { min: PASSWORD_MIN_LENGTH, max: PASSWORD_MAX_LENGTH })}
                  <Box component="span" sx={visuallyHidden}>
                    {` (${rule.ok ? t('account.password.ruleMet') : t('account.password.ruleNotMet')})`}
                  </Box>
                </>
              }
              slotProps={{ primary: { variant: 'body2' } }}
            />
          </ListItem>
        ))}
      </List>
      {field('confirm', confirmPassword, confirmPasswordError)}
    </>
  );
}
