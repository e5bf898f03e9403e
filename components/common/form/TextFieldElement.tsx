import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { useController, type FieldValues } from 'react-hook-form';
import type { BaseFieldProps } from './fieldTypes';
import { useFieldMessage } from './useFieldMessage';

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
  const { field, fieldState } = useController<T>({ name, control });
  const message = useFieldMessage();
  const error = message(fieldState.error?.message);
  return (
    <TextField
      {...rest}
      name={field.name}
      value={(field.value as string | null | undefined) ?? ''}
      onChange={(e) => field.onChange(e.target.value)}
      onBlur={field.onBlur}
      inputRef={field.ref}
      label={label}
      required={required}
      disabled={disabled || field.disabled}
      fullWidth={fullWidth}
      error={Boolean(error)}
      helperText={error ?? helperText}
      slotProps={{ ...slotProps, htmlInput: { maxLength, ...(slotProps?.htmlInput as object | undefined) } }}
    />
  );
}
