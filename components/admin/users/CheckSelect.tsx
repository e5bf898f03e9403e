import Checkbox from '@mui/material/Checkbox';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useController, type Control } from 'react-hook-form';
import { fieldErrorMessage, useFieldMessage } from '@/components/common/form/useFieldMessage';
import type { CreateUserBody } from '@/lib/users/schemas';

export type CheckOption = {
  value: string;
  /** The menu item: its name, with the code or id under it. */
  primary: string;
  secondary: string;
  /** How the closed field lists it among the chosen ones. */
  chosen: string;
};

/**
 * A user form's choice of several records (a staff user's customers, a link's groups): a select whose items carry a
 * checkbox, the field holding the chosen values; a chosen value no longer among the options shows as itself.
 */
export function CheckSelect({
  control,
  name,
  label,
  help,
  options,
  disabled,
  testId,
}: {
  control: Control<CreateUserBody>;
  name: 'assignedUcpIds' | `links.${number}.groupIds`;
  label: string;
  /** Under the field while it has no error. */
  help?: string;
  options: readonly CheckOption[];
  disabled?: boolean;
  testId?: string;
}) {
  const { field, fieldState } = useController({ control, name });
  const error = useFieldMessage()(fieldErrorMessage(fieldState.error));
  const value = (field.value ?? []) as string[];
  const labelOf = (v: string) => options.find((o) => o.value === v)?.chosen ?? v;
  return (
    <TextField
      select
      name={field.name}
      label={label}
      value={value}
      onChange={(e) => field.onChange(typeof e.target.value === 'string' ? e.target.value.split(',') : e.target.value)}
      onBlur={field.onBlur}
      inputRef={field.ref}
      error={Boolean(error)}
      helperText={error ?? help}
      disabled={disabled}
      fullWidth
      slotProps={{ select: { multiple: true, renderValue: (v) => (v as string[]).map(labelOf).join(', ') } }}
      data-testid={testId}
    >
      {options.map((o) => (
        <MenuItem key={o.value} value={o.value}>
          <Checkbox checked={value.includes(o.value)} size="small" sx={{ p: 0.5, mr: 1 }} />
          <ListItemText primary={o.primary} secondary={o.secondary} />
        </MenuItem>
      ))}
    </TextField>
  );
}
