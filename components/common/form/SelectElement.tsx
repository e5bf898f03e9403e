import MenuItem from '@mui/material/MenuItem';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { useTranslation } from 'next-i18next/pages';
import type { FieldValues } from 'react-hook-form';
import type { BaseFieldProps, Option } from './fieldTypes';
import { useBoundField } from './useBoundField';

export type SelectElementProps<T extends FieldValues, V extends string | number> = BaseFieldProps<T> &
  Pick<TextFieldProps, 'fullWidth' | 'sx'> & {
    options: readonly Option<V>[];
    /** Text of the empty choice (value null); default `ui.form.selectPlaceholder`; `false` offers no empty choice. */
    emptyLabel?: string | false;
  };

/** A single choice from a list; the form value is the option's value (string or number), or null. */
export function SelectElement<T extends FieldValues, V extends string | number = string>({
  options,
  emptyLabel,
  fullWidth = true,
  sx,
  ...base
}: SelectElementProps<T, V>) {
  const { t } = useTranslation('common');
  const { field, textFieldProps } = useBoundField(base);
  const current = field.value === null || field.value === undefined ? '' : String(field.value as V);
  return (
    <TextField
      select
      {...textFieldProps}
      value={current}
      // Back to the option's own value, so a numeric id stays a number in the form.
      onChange={(e) => field.onChange(options.find((o) => String(o.value) === e.target.value)?.value ?? null)}
      fullWidth={fullWidth}
      sx={sx}
      slotProps={{ select: { displayEmpty: emptyLabel !== false }, inputLabel: emptyLabel !== false ? { shrink: true } : undefined }}
    >
      {emptyLabel !== false ? (
        <MenuItem value="">
          <em>{emptyLabel ?? t('ui.form.selectPlaceholder')}</em>
        </MenuItem>
      ) : null}
      {options.map((o) => (
        <MenuItem key={String(o.value)} value={String(o.value)} disabled={o.disabled}>
          {o.label}
        </MenuItem>
      ))}
    </TextField>
  );
}
