import TextField, { type TextFieldProps } from '@mui/material/TextField';
import type { FieldValues } from 'react-hook-form';
import type { BaseFieldProps } from './fieldTypes';
import { useBoundField } from './useBoundField';

export type DateFieldElementProps<T extends FieldValues> = BaseFieldProps<T> &
  Pick<TextFieldProps, 'fullWidth' | 'sx'> & {
    /** 'YYYY-MM-DD' bounds for the browser's picker (the schema checks them). */
    min?: string;
    max?: string;
  };

/** A calendar date as 'YYYY-MM-DD' ('' when empty) through the browser's own date input: no date-picker library. */
export function DateFieldElement<T extends FieldValues>({ min, max, fullWidth = true, sx, ...base }: DateFieldElementProps<T>) {
  const { field, textFieldProps } = useBoundField(base);
  return (
    <TextField
      type="date"
      {...textFieldProps}
      value={(field.value as string | null | undefined) ?? ''}
      onChange={(e) => field.onChange(e.target.value)}
      fullWidth={fullWidth}
      sx={sx}
      slotProps={{ inputLabel: { shrink: true }, htmlInput: { min, max } }}
    />
  );
}
