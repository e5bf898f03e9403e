import TextField, { type TextFieldProps } from '@mui/material/TextField';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'next-i18next/pages';
import type { FieldValues } from 'react-hook-form';
import type { BaseFieldProps } from './fieldTypes';
import { useBoundField } from './useBoundField';

export type TextFieldElementProps<T extends FieldValues> = BaseFieldProps<T> &
  Pick<TextFieldProps, 'type' | 'multiline' | 'minRows' | 'maxRows' | 'autoComplete' | 'placeholder' | 'fullWidth' | 'sx' | 'slotProps' | 'autoFocus'> & {
    /**
     * The most characters allowed: a counter shows under the field. Text is never cut at the limit (a paste would
     * lose its end without a word); the schema says when it is too long (issue 10 item 7).
     */
    maxLength?: number;
  };

/** A text input bound to a form field (value '' when empty). */
export function TextFieldElement<T extends FieldValues>({
  name,
  control,
  label,
  helperText,
  required,
  disabled,
  maxLength,
  fullWidth = true,
  slotProps,
  ...rest
}: TextFieldElementProps<T>) {
  const { field, textFieldProps } = useBoundField({ name, control, label, helperText, required, disabled });
  const { t } = useTranslation('common');
  const value = (field.value as string | null | undefined) ?? '';
  const input = (
    <TextField
      {...rest}
      {...textFieldProps}
      value={value}
      onChange={(e) => field.onChange(e.target.value)}
      fullWidth={fullWidth}
      slotProps={slotProps}
    />
  );
  if (maxLength === undefined) return input;
  // Characters as the schemas count them (zod: code points), not UTF-16 units: five emoji read "10 / 2000" and were then
  // refused as "at least 10 characters" (QA).
  const count = Array.from(value).length;
  const over = count > maxLength;
  return (
    <Box sx={{ width: fullWidth ? '100%' : undefined }}>
      {input}
      {/* Visual only: screen readers get the limit from the error message when it is passed. */}
      <Typography
        aria-hidden
        variant="caption"
        data-testid={`char-count-${field.name}`}
        color={over ? 'error' : 'text.secondary'}
        sx={{ display: 'block', textAlign: 'right', mt: 0.25, mx: 1.75, fontWeight: over ? 600 : undefined }}
      >
        {t('ui.form.charCount', { count, max: maxLength })}
      </Typography>
    </Box>
  );
}
