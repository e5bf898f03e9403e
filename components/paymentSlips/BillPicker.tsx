import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Typography from '@mui/material/Typography';
import { useRouter } from 'next/router';
import { useTranslation } from 'next-i18next/pages';
import { useController, type Control, type FieldValues, type FieldPath } from 'react-hook-form';
import { fieldErrorMessage, useFieldMessage } from '@/components/common/form';
import { BillStatusChips } from '@/components/bills/BillStatusChips';
import type { BillListItem } from '@/lib/bills/schemas';
import { formatDate, formatMoney } from '@/lib/i18n/locales';

type Props<T extends FieldValues> = {
  name: FieldPath<T>;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  control?: Control<T, any, any>;
  bills: readonly BillListItem[];
  label: string;
  disabled?: boolean;
};

/** Which unpaid bills the slip pays: a checkbox per bill with its due date, balance and status (value: bill ids). */
export function BillPicker<T extends FieldValues>({ name, control, bills, label, disabled }: Props<T>) {
  const { t } = useTranslation('bills');
  const { locale } = useRouter();
  const message = useFieldMessage();
  const { field, fieldState } = useController<T>({ name, control });
  const selected = new Set<string>((field.value as string[] | undefined) ?? []);
  const error = message(fieldErrorMessage(fieldState.error));
  const errorId = `${String(name)}-picker-error`;

  const toggle = (id: string) => {
    const next = new Set(selected);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    // Keep the list's order (oldest due first), whatever the click order.
    field.onChange(bills.filter((b) => next.has(b.id)).map((b) => b.id));
    field.onBlur();
  };

  return (
    <FormControl component="fieldset" error={Boolean(error)} disabled={disabled} sx={{ minWidth: 0 }}>
      <FormLabel component="legend" required sx={{ mb: 1 }}>
        {label}
      </FormLabel>
      <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1 }} data-testid="bill-picker">
        {bills.map((b, i) => {
          const inputId = `pick-${b.id}`;
          return (
            <Box
              component="li"
              key={b.id}
              sx={{
                display: 'flex',
                alignItems: 'center',
                gap: 1,
                border: '1px solid',
                borderColor: selected.has(b.id) ? 'primary.main' : 'divider',
                borderRadius: 1,
                pr: 1.5,
              }}
            >
              <Checkbox
                id={inputId}
                checked={selected.has(b.id)}
                onChange={() => toggle(b.id)}
                disabled={disabled}
                // Named like the field, the first one holding its ref: the form's error summary finds the picker
                // where it stands (its first field, not listed last) and its link focuses the first bill.
                name={name}
                value={b.id}
                // The picker's error too ("Choose at least one bill."), and invalid while it stands: the error summary's
                // link focuses the first bill, where a screen reader heard neither.
                slotProps={{
                  input: {
                    'aria-describedby': error ? `${inputId}-desc ${errorId}` : `${inputId}-desc`,
                    'aria-invalid': Boolean(error) || undefined,
                    ref: i === 0 ? field.ref : undefined,
                  },
                }}
              />
              <Box component="label" htmlFor={inputId} sx={{ flex: 1, minWidth: 0, py: 1, cursor: 'pointer', display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
                <Typography sx={{ fontWeight: 600 }}>{b.billNo}</Typography>
                <Typography id={`${inputId}-desc`} variant="body2" color="text.secondary" sx={{ flex: '1 1 200px' }}>
                  {t('paymentSlips.upload.billLine', { due: formatDate(b.dueDate, locale), balance: formatMoney(b.balanceCents, locale) })}
                  {b.pendingCents > 0
                    ? t('paymentSlips.upload.billLinePending', { pending: formatMoney(b.pendingCents, locale), payable: formatMoney(b.payableCents, locale) })
                    : null}
                </Typography>
                <BillStatusChips bill={b} />
              </Box>
            </Box>
          );
        })}
      </Box>
      {error ? (
        <FormHelperText id={errorId} role="alert">
          {error}
        </FormHelperText>
      ) : null}
    </FormControl>
  );
}
