import { useId } from 'react';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import type { FieldValues } from 'react-hook-form';
import type { BaseFieldProps } from './fieldTypes';
import { useBoundField } from './useBoundField';

/** A yes/no field (form value boolean), e.g. "I confirm…" with `z.literal(true, { error: … })`. */
export function CheckboxElement<T extends FieldValues>(props: BaseFieldProps<T>) {
  const { label, helperText, required, disabled } = props;
  const { field, error } = useBoundField(props);
  const helperId = useId();
  return (
    <FormControl error={Boolean(error)} required={required} disabled={disabled || field.disabled}>
      <FormControlLabel
        label={label}
        required={required}
        control={
          <Checkbox
            name={field.name}
            checked={Boolean(field.value)}
            onChange={(e) => field.onChange(e.target.checked)}
            onBlur={field.onBlur}
            slotProps={{ input: { ref: field.ref, 'aria-describedby': error || helperText ? helperId : undefined, 'aria-invalid': Boolean(error) || undefined } }}
          />
        }
      />
      {error || helperText ? <FormHelperText id={helperId}>{error ?? helperText}</FormHelperText> : null}
    </FormControl>
  );
}
