import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'next-i18next/pages';
import { useController, useFieldArray, useFormState, useWatch, type Control } from 'react-hook-form';
import { fieldErrorMessage, useFieldMessage } from '@/components/common/form/useFieldMessage';
import { localName } from '@/components/common/resourceFields';
import { RetryAlert } from '@/components/common/RetryAlert';
import { useEndpointQuery } from '@/lib/api/query';
import { usersContract } from '@/lib/users/contract';
import type { CreateUserBody } from '@/lib/users/schemas';
import { CheckSelect } from './CheckSelect';

type FormControl = Control<CreateUserBody>;

/** The customer of one row: fixed once chosen (remove the row to change it), with its server error if any. */
function RowCustomer({ control, index, label, text }: { control: FormControl; index: number; label: string; text: string }) {
  const { fieldState } = useController({ control, name: `links.${index}.ucpId` });
  const error = useFieldMessage()(fieldErrorMessage(fieldState.error));
  return (
    <Box>
      <Typography variant="caption" color="text.secondary" component="div">
        {label}
      </Typography>
      <Typography sx={{ wordBreak: 'break-word' }}>{text}</Typography>
      {error ? (
        <Typography color="error" variant="body2" role="alert">
          {error}
        </Typography>
      ) : null}
    </Box>
  );
}

/**
 * The customers a user may act for, each with the groups it holds there (membership is per customer). Staff users
 * act for the provider party with provider groups; customer users for customers with customer groups. A customer is
 * added by choosing it (so no row is ever empty and nothing is flagged before the user has typed anything).
 */
export function UserLinksField({ control }: { control: FormControl }) {
  const { t, i18n } = useTranslation('users');
  const kind = useWatch({ control, name: 'kind' });
  const links = useWatch({ control, name: 'links' });
  const options = useEndpointQuery(usersContract.endpoints.userFormOptions, {});
  const { fields, append, remove } = useFieldArray({ control, name: 'links' });
  const { errors } = useFormState({ control, name: 'links' });
  const arrayError = errors.links as { message?: string; root?: { message?: string } } | undefined;
  const linksError = useFieldMessage()(arrayError?.message ?? arrayError?.root?.message);
  const all = options.data?.customers ?? [];
  const linked = new Set((links ?? []).map((l) => l.ucpId));
  const choices = all.filter((c) => c.isProvider === (kind === 'staff') && !linked.has(c.id));
  const groups = (options.data?.groups ?? []).filter((g) => g.kind === kind);
  const groupOptions = groups.map((g) => ({ value: g.id, primary: localName(g, i18n.language), secondary: g.code, chosen: localName(g, i18n.language) }));
  const customerText = (ucpId: string) => {
    const c = all.find((x) => x.id === ucpId);
    if (c) return `${c.id} · ${localName(c, i18n.language)}`;
    // The choices are the active customers: a linked one missing from them was deactivated since (the link may stay).
    return options.data ? t('customerNotActive', { id: ucpId }) : ucpId;
  };
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0, display: 'grid', gap: 1.5 }}>
      <Typography component="legend" variant="subtitle1" sx={{ mb: 1 }}>
        {t('fields.links')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t(kind === 'staff' ? 'help.linksStaff' : 'help.linksCustomer')}
      </Typography>
      {/* The customers and groups to choose from: a failed read left "Add a customer" disabled and the group pickers
          empty, with no word why (QA desk review). Shared with the staff assignments picker (same query). */}
      {(options.apiError ?? options.retrying) ? <RetryAlert error={(options.apiError ?? options.retrying)!} onRetry={() => void options.refetch()} /> : null}
      {fields.map((f, index) => (
        <Paper key={f.id} variant="outlined" sx={{ p: 1.5, display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr auto' }, alignItems: 'start' }} data-testid={`link-${index}`}>
          <RowCustomer control={control} index={index} label={t('fields.customer')} text={customerText(links?.[index]?.ucpId ?? '')} />
          <CheckSelect control={control} name={`links.${index}.groupIds`} label={t('fields.groups')} options={groupOptions} />
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
      <TextField
        select
        label={t('addLink')}
        value=""
        disabled={options.isLoading || choices.length === 0}
        onChange={(e) => append({ ucpId: e.target.value, groupIds: [] }, { shouldFocus: false })}
        fullWidth
        helperText={t('help.addLink')}
      >
        {choices.map((c) => (
          <MenuItem key={c.id} value={c.id}>
            {`${c.id} · ${localName(c, i18n.language)}`}
          </MenuItem>
        ))}
      </TextField>
    </Box>
  );
}
