import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import IconButton from '@mui/material/IconButton';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'next-i18next/pages';
import { useController, useFieldArray, useFormState, useWatch, type Control } from 'react-hook-form';
import { SelectElement } from '@/components/common/form';
import { useFieldMessage } from '@/components/common/form/useFieldMessage';
import { useEndpointQuery } from '@/lib/api/query';
import { usersContract } from '@/lib/users/contract';
import type { CreateUserBody, UserFormOptions, UserKind } from '@/lib/users/schemas';

type FormControl = Control<CreateUserBody>;

const nameOf = (r: { nameEn: string; nameZh: string }, locale: string) => (locale === 'tc' ? r.nameZh : r.nameEn);

function GroupsSelect({ control, index, groups, label }: { control: FormControl; index: number; groups: UserFormOptions['groups']; label: string }) {
  const { i18n } = useTranslation();
  const { field, fieldState } = useController({ control, name: `links.${index}.groupIds` });
  const message = useFieldMessage();
  const error = message(fieldState.error?.message);
  const value = (field.value ?? []) as string[];
  const labelOf = (id: string) => {
    const g = groups.find((x) => x.id === id);
    return g ? nameOf(g, i18n.language) : id;
  };
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
      helperText={error}
      fullWidth
      slotProps={{ select: { multiple: true, renderValue: (v) => (v as string[]).map(labelOf).join(', ') } }}
    >
      {groups.map((g) => (
        <MenuItem key={g.id} value={g.id}>
          <Checkbox checked={value.includes(g.id)} size="small" sx={{ p: 0.5, mr: 1 }} />
          <ListItemText primary={nameOf(g, i18n.language)} secondary={g.code} />
        </MenuItem>
      ))}
    </TextField>
  );
}

/**
 * The customers a user may act for, each with the groups it holds there (membership is per customer). Staff users
 * act for the provider party with provider groups; customer users for customers with customer groups.
 */
export function UserLinksField({ control }: { control: FormControl }) {
  const { t, i18n } = useTranslation('users');
  const kind = useWatch({ control, name: 'kind' }) as UserKind;
  const options = useEndpointQuery(usersContract.endpoints.userFormOptions, {});
  const { fields, append, remove } = useFieldArray({ control, name: 'links' });
  const { errors } = useFormState({ control, name: 'links' });
  const arrayError = errors.links as { message?: string; root?: { message?: string } } | undefined;
  const linksError = useFieldMessage()(arrayError?.message ?? arrayError?.root?.message);
  const customers = (options.data?.customers ?? []).filter((c) => c.isProvider === (kind === 'staff'));
  const groups = (options.data?.groups ?? []).filter((g) => g.kind === kind);
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, display: 'grid', gap: 1.5 }}>
      <Typography component="legend" variant="subtitle1" sx={{ mb: 1 }}>
        {t('fields.links')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t(kind === 'staff' ? 'help.linksStaff' : 'help.linksCustomer')}
      </Typography>
      {fields.map((f, index) => (
        <Paper key={f.id} variant="outlined" sx={{ p: 1.5, display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr auto' }, alignItems: 'start' }} data-testid={`link-${index}`}>
          <SelectElement
            control={control}
            name={`links.${index}.ucpId`}
            label={t('fields.customer')}
            required
            options={customers.map((c) => ({ value: c.id, label: `${c.id} · ${nameOf(c, i18n.language)}` }))}
          />
          <GroupsSelect control={control} index={index} groups={groups} label={t('fields.groups')} />
          <IconButton aria-label={t('removeLink', { n: index + 1 })} onClick={() => remove(index)} sx={{ justifySelf: 'start' }}>
            <DeleteIcon />
          </IconButton>
        </Paper>
      ))}
      {linksError ? (
        <Typography color="error" variant="body2" role="alert">
          {linksError}
        </Typography>
      ) : null}
      <Box>
        <Button startIcon={<AddIcon aria-hidden />} onClick={() => append({ ucpId: '', groupIds: [] })} disabled={options.isLoading}>
          {t('addLink')}
        </Button>
      </Box>
    </Box>
  );
}
