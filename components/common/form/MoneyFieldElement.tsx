import InputAdornment from '@mui/material/InputAdornment';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import type { FieldValues } from 'react-hook-form';
import type { BaseFieldProps } from './fieldTypes';
import { formatCentsForInput, parseMoneyToCents } from './money';
import { useNumberTextField } from './useTextBuffer';

export type MoneyFieldElementProps<T extends FieldValues> = BaseFieldProps<T> & Pick<TextFieldProps, 'fullWidth' | 'sx' | 'placeholder'>;

/**
 * An amount in HK$: the user types dollars ("1,234.5"), the form value is integer cents (123450), or null when empty
 * and NaN when the text is not an amount with at most two decimals. A negative or too large amount is passed on as
 * cents: the schema says which rule it breaks (`moneyCents` / `optionalMoneyCents` from lib/zodText.ts: at most two
 * decimals, not negative, the maximum). On leaving the field the text is shown with two decimals.
 */
export function MoneyFieldElement<T extends FieldValues>({ fullWidth = true, sx, placeholder, ...base }: MoneyFieldElementProps<T>) {
  const { field, text, setText, props } = useNumberTextField(base, formatCentsForInput, parseMoneyToCents);
  return (
    <TextField
      {...props}
      onBlur={() => {
        const cents = parseMoneyToCents(text);
        // An amount too large to hold exactly keeps the text typed (the schema says it is over the maximum).
        if (cents !== null && Number.isFinite(cents) && Math.abs(cents) < Number.MAX_SAFE_INTEGER) setText(formatCentsForInput(cents));
        field.onBlur();
      }}
      fullWidth={fullWidth}
      placeholder={placeholder}
      sx={sx}
      slotProps={{
        htmlInput: { inputMode: 'decimal', autoComplete: 'off' },
        input: { startAdornment: <InputAdornment position="start">HK$</InputAdornment> },
      }}
    />
  );
}
