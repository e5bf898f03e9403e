import AddIcon from '@mui/icons-material/Add';
import RemoveIcon from '@mui/icons-material/Remove';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'next-i18next/pages';

export type QuantityStepperProps = {
  value: number;
  max: number;
  onChange: (value: number) => void;
  /** The item's name, for the buttons' and the field's accessible names. */
  itemLabel: string;
};

/** − [n] + within 0..max; typing is allowed and clamped, so the value can never leave the limits. */
export function QuantityStepper({ value, max, onChange, itemLabel }: QuantityStepperProps) {
  const { t } = useTranslation('page');
  const set = (n: number) => onChange(Math.min(max, Math.max(0, Number.isFinite(n) ? Math.trunc(n) : 0)));
  return (
    <Box sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
      <IconButton size="small" onClick={() => set(value - 1)} disabled={value <= 0} aria-label={t('orders.place.decrease', { item: itemLabel })}>
        <RemoveIcon fontSize="small" />
      </IconButton>
      <TextField
        size="small"
        value={String(value)}
        onChange={(e) => set(Number(e.target.value.replace(/\D/g, '') || '0'))}
        onFocus={(e) => e.target.select()}
        sx={{ width: 64 }}
        slotProps={{
          htmlInput: {
            inputMode: 'numeric',
            pattern: '[0-9]*',
            'aria-label': t('orders.place.quantityOf', { item: itemLabel }),
            style: { textAlign: 'center' },
            min: 0,
            max,
          },
        }}
      />
      <IconButton size="small" onClick={() => set(value + 1)} disabled={value >= max} aria-label={t('orders.place.increase', { item: itemLabel })}>
        <AddIcon fontSize="small" />
      </IconButton>
    </Box>
  );
}
