import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { useController, type FieldValues } from 'react-hook-form';
import type { BaseFieldProps } from './fieldTypes';
import { useFieldMessage } from './useFieldMessage';

export type DateFieldElementProps<T extends FieldValues> = BaseFieldProps<T> &
  Pick<TextFieldProps, 'fullWidth' | 'sx'> & {
    /** 'YYYY-MM-DD' bounds for the browser's picker (the schema checks them). */
    min?: string;
    max?: string;
  };

/** A calendar date as 'YYYY-MM-DD' ('' when empty) through the browser's own date input: no date-picker library. */
export function DateFieldElement<T extends FieldValues>({ name, control, label, helperText, required, disabled, min, max, fullWidth = true, sx }: DateFieldElementProps<T>) {
  const { field, fieldState } = useController<T>({ name, control });
  const message = useFieldMessage();
  const error = message(fieldState.error?.message);
  return (
    <TextField
      type="date"
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
      sx={sx}
      slotProps={{ inputLabel: { shrink: true }, htmlInput: { min, max } }}
    />
  );
}
