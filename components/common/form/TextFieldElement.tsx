import TextField, { type TextFieldProps } from '@mui/material/TextField';
import type { FieldValues } from 'react-hook-form';
import type { BaseFieldProps } from './fieldTypes';
import { useBoundField } from './useBoundField';

export type TextFieldElementProps<T extends FieldValues> = BaseFieldProps<T> &
  Pick<TextFieldProps, 'type' | 'multiline' | 'minRows' | 'maxRows' | 'autoComplete' | 'placeholder' | 'fullWidth' | 'sx' | 'slotProps' | 'autoFocus'> & {
    /** Input attributes such as maxLength or inputMode. */
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
  return (
    <TextField
      {...rest}
      {...textFieldProps}
      value={(field.value as string | null | undefined) ?? ''}
      onChange={(e) => field.onChange(e.target.value)}
      fullWidth={fullWidth}
      slotProps={{ ...slotProps, htmlInput: { maxLength, ...(slotProps?.htmlInput as object | undefined) } }}
    />
  );
}
