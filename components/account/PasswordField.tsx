import { forwardRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'next-i18next/pages';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';

type Props = Omit<TextFieldProps, 'type' | 'helperText' | 'id'> & {
  id: string;
  helperText?: ReactNode;
  testId: string;
  /** Id of extra text describing the field (the strength hints). */
  describedBy?: string;
};

/** A password input with a show / hide toggle (a button announcing its state, reachable by keyboard). */
export const PasswordField = forwardRef<HTMLInputElement, Props>(function PasswordField({ id, testId, describedBy, label, helperText, ...rest }, ref) {
  const { t } = useTranslation('account');
  const [shown, setShown] = useState(false);
  const labelText = typeof label === 'string' ? label : '';
  // Set here, the input's aria-describedby replaces MUI's own: name the helper text too.
  const describedByIds = [helperText ? `${id}-helper-text` : null, describedBy ?? null].filter(Boolean).join(' ');
  return (
    <TextField
      {...rest}
      id={id}
      label={label}
      helperText={helperText}
      inputRef={ref}
      type={shown ? 'text' : 'password'}
      slotProps={{
        htmlInput: {
          'data-testid': testId,
          maxLength: 1024,
          autoCapitalize: 'off',
          autoCorrect: 'off',
          spellCheck: false,
          ...(describedByIds ? { 'aria-describedby': describedByIds } : {}),
        },
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <IconButton
                onClick={() => setShown((v) => !v)}
                onMouseDown={(e) => e.preventDefault()}
                edge="end"
                aria-label={shown ? t('account.password.hide', { field: labelText }) : t('account.password.show', { field: labelText })}
                aria-pressed={shown}
                data-testid={`${testId}-toggle`}
              >
                {shown ? <VisibilityOff /> : <Visibility />}
              </IconButton>
            </InputAdornment>
          ),
        },
      }}
    />
  );
});
