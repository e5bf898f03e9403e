import TextField, { type TextFieldProps } from '@mui/material/TextField';
import type { FieldValues } from 'react-hook-form';
import type { BaseFieldProps } from './fieldTypes';
import { useNumberTextField } from './useTextBuffer';

export type NumberFieldElementProps<T extends FieldValues> = BaseFieldProps<T> &
  Pick<TextFieldProps, 'fullWidth' | 'sx' | 'placeholder'> & {
    /** 0 (default) for whole numbers; the schema checks it too (`.int()` / `.multipleOf(0.01)`). */
    decimals?: number;
    /** Bounds for the browser's spin buttons and assistive technology; the schema is the real check. */
    min?: number;
    max?: number;
    /** Unit after the number, e.g. "pages". */
    unit?: string;
  };

/** Digits grouped by thousands with commas ("1,500", "10,000,000", "-1,500.5"): the commas are dropped before parsing. */
const GROUPED = /^-?\d{1,3}(?:,\d{3})+(?:\.\d*)?$/;

const formatNumber = (v: number | null): string => (v === null || !Number.isFinite(v) ? '' : String(v));

/**
 * A number (form value `number`, or null when empty). Text that is not a number with at most `decimals` decimals
 * becomes NaN, so the schema reports it instead of it silently turning into something else.
 */
export function NumberFieldElement<T extends FieldValues>({
  decimals = 0,
  min,
  max,
  unit,
  fullWidth = true,
  sx,
  placeholder,
  ...base
}: NumberFieldElementProps<T>) {
  const pattern = decimals > 0 ? new RegExp(`^-?\\d+(?:\\.\\d{0,${decimals}})?$`) : /^-?\d+$/;
  const parse = (text: string): number | null => {
    // NFKC: full-width digits (１２３, typed with a Chinese input method) are the same number.
    const trimmed = text.normalize('NFKC').trim();
    if (trimmed === '') return null;
    // Thousands grouped by commas, as the page writes them ("10,000 pages"; "at most 10,000,000"): the same number.
    // Only whole groups of three: "1,5" stays not a number rather than 15.
    const plain = GROUPED.test(trimmed) ? trimmed.replace(/,/g, '') : trimmed;
    return pattern.test(plain) ? Number(plain) : Number.NaN;
  };
  const { props } = useNumberTextField(base, formatNumber, parse);
  return (
    <TextField
      {...props}
      fullWidth={fullWidth}
      placeholder={placeholder}
      sx={sx}
      slotProps={{
        // A text input with a numeric keyboard: type="number" swallows partial input ("1.") and changes on scroll.
        htmlInput: { inputMode: decimals > 0 ? 'decimal' : 'numeric', 'aria-valuemin': min, 'aria-valuemax': max },
        input: unit ? { endAdornment: <span aria-hidden>{unit}</span> } : undefined,
      }}
    />
  );
}
