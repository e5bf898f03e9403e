import Checkbox from '@mui/material/Checkbox';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'next-i18next/pages';
import { useController, useWatch, type Control } from 'react-hook-form';
import { useFieldMessage } from '@/components/common/form/useFieldMessage';
import { useEndpointQuery } from '@/lib/api/query';
import { usersContract } from '@/lib/users/contract';
import type { CreateUserBody } from '@/lib/users/schemas';

const nameOf = (r: { nameEn: string; nameZh: string }, locale: string) => (locale === 'tc' ? r.nameZh : r.nameEn);

/**
 * The customers a staff user looks after (`staff_customer_assignments`): they scope the user list report's
 * `user_list_rpt_read` (docs/user-list-report.md). Shown only for provider staff; the choices are the active customers
 * (not the provider's own party).
 */
export function StaffAssignmentsField({ control }: { control: Control<CreateUserBody> }) {
  const { t, i18n } = useTranslation('users');
  const kind = useWatch({ control, name: 'kind' });
  const { field, fieldState } = useController({ control, name: 'assignedUcpIds' });
  const error = useFieldMessage()(fieldState.error?.message);
  const options = useEndpointQuery(usersContract.endpoints.userFormOptions, kind === 'staff' ? {} : null);
  if (kind !== 'staff') return null;
  const customers = (options.data?.customers ?? []).filter((c) => !c.isProvider);
  const value = (field.value ?? []) as string[];
  const labelOf = (id: string) => {
    const c = customers.find((x) => x.id === id);
    return c ? `${c.id} · ${nameOf(c, i18n.language)}` : id;
  };
  return (
    <TextField
      select
      name={field.name}
      label={t('fields.assignedUcpIds')}
      value={value}
      onChange={(e) => field.onChange(typeof e.target.value === 'string' ? e.target.value.split(',') : e.target.value)}
      onBlur={field.onBlur}
      inputRef={field.ref}
      error={Boolean(error)}
      helperText={error ?? t('help.assignedUcpIds')}
      disabled={options.isLoading}
      fullWidth
      slotProps={{ select: { multiple: true, renderValue: (v) => (v as string[]).map(labelOf).join(', ') } }}
      data-testid="assigned-customers"
    >
      {customers.map((c) => (
        <MenuItem key={c.id} value={c.id}>
          <Checkbox checked={value.includes(c.id)} size="small" sx={{ p: 0.5, mr: 1 }} />
          <ListItemText primary={nameOf(c, i18n.language)} secondary={c.id} />
        </MenuItem>
      ))}
    </TextField>
  );
}
