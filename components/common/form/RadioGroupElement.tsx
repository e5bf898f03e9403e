import { useId } from 'react';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import type { FieldValues } from 'react-hook-form';
import type { BaseFieldProps, Option } from './fieldTypes';
import { useBoundField } from './useBoundField';

export type RadioGroupElementProps<T extends FieldValues, V extends string | number> = BaseFieldProps<T> & {
  options: readonly Option<V>[];
  /** Options side by side (wrapping) instead of stacked. */
  row?: boolean;
  /**
   * The id of a heading on the page that already names the choice (a card's title): the group is named by it and
   * shows no legend of its own, so the same words are not shown twice. `label` still names the field in error lists.
   */
  labelledBy?: string;
};

/** One of a few choices, all visible (a fieldset with a legend). */
export function RadioGroupElement<T extends FieldValues, V extends string | number = string>({ options, row, labelledBy, ...base }: RadioGroupElementProps<T, V>) {
  const { label, helperText, required, disabled } = base;
  const { field, error } = useBoundField(base);
  const helperId = useId();
  const current = field.value === null || field.value === undefined ? '' : String(field.value as V);
  return (
    <FormControl component="fieldset" error={Boolean(error)} required={required} disabled={disabled || field.disabled}>
      {labelledBy ? null : <FormLabel component="legend">{label}</FormLabel>}
      <RadioGroup
        name={field.name}
        row={row}
        value={current}
        onChange={(_e, value) => field.onChange(options.find((o) => String(o.value) === value)?.value ?? null)}
        onBlur={field.onBlur}
        aria-labelledby={labelledBy}
        aria-describedby={error || helperText ? helperId : undefined}
      >
        {options.map((o, i) => (
          <FormControlLabel
            key={String(o.value)}
            value={String(o.value)}
            control={<Radio slotProps={{ input: { ref: i === 0 ? field.ref : undefined } }} />}
            label={o.label}
            disabled={o.disabled}
          />
        ))}
      </RadioGroup>
      {error || helperText ? <FormHelperText id={helperId}>{error ?? helperText}</FormHelperText> : null}
    </FormControl>
  );
}
