import type { TextFieldProps } from '@mui/material/TextField';
import type { FieldValues } from 'react-hook-form';
import type { BaseFieldProps } from './fieldTypes';
import { DateInput } from './DateInput';
import { useBoundField } from './useBoundField';

export type DateFieldElementProps<T extends FieldValues> = BaseFieldProps<T> &
  Pick<TextFieldProps, 'fullWidth' | 'sx'> & {
    /** 'YYYY-MM-DD' bounds of the calendar (the schema checks them). */
    min?: string;
    max?: string;
  };

/**
 * A calendar date as 'YYYY-MM-DD' ('' when empty), shown and typed in the page's language and format (DateInput,
 * issue 10 item 14); text that is not a date reaches the schema as typed and is refused with its message.
 */
export function DateFieldElement<T extends FieldValues>({ min, max, fullWidth = true, sx, ...base }: DateFieldElementProps<T>) {
  const { field, textFieldProps } = useBoundField(base);
  const { inputRef, onBlur, ...props } = textFieldProps;
  return (
    <DateInput
      {...props}
      inputRef={inputRef}
      onBlur={onBlur}
      value={(field.value as string | null | undefined) ?? ''}
      onChange={(v) => field.onChange(v)}
      min={min}
      max={max}
      fullWidth={fullWidth}
      sx={sx}
    />
  );
}
