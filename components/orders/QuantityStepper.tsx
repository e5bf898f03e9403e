import { useId, useState } from 'react';
import AddIcon from '@mui/icons-material/Add';
import RemoveIcon from '@mui/icons-material/Remove';
import Box from '@mui/material/Box';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'next-i18next/pages';

export type QuantityStepperProps = {
  value: number;
  max: number;
  onChange: (value: number) => void;
  /** The typed text is not an allowed quantity (the dialog does not go on while one is). */
  onValidityChange?: (invalid: boolean) => void;
  /** The item's name, for the buttons' and the field's accessible names. */
  itemLabel: string;
};

export type QuantityProblem = 'whole' | 'negative' | 'max';

/**
 * The typed text as a plain number: NFKC, so full-width digits and minus typed with a Chinese input method (１２,
 * －３) read as 12 and -3, and full-width spaces around them count as spaces.
 */
const plain = (text: string): string => text.normalize('NFKC').replace(/\u2212/g, '-').trim();

/** What is wrong with a typed quantity, or null for a whole number within 0..max ('' counts as 0). */
export function quantityProblem(text: string, max: number): QuantityProblem | null {
  const trimmed = plain(text);
  if (trimmed === '') return null;
  if (/^-\s*\d+$/.test(trimmed)) return 'negative';
  if (!/^\d+$/.test(trimmed)) return 'whole';
  return Number(trimmed) > max ? 'max' : null;
}

/**
 * − [n] +, 0..max. What the user types is kept as typed (never rewritten: 999999 stays 999999) and, when it is not
 * a whole number within the limit, the field says what is allowed (issue 10 item 7); the buttons step within limits.
 */
export function QuantityStepper({ value, max, onChange, onValidityChange, itemLabel }: QuantityStepperProps) {
  const { t } = useTranslation('orders');
  const helpId = useId();
  // The text as typed; null while it shows `value` (after a button press or an accepted entry).
  const [typed, setTyped] = useState<string | null>(null);
  const text = typed ?? String(value);
  const problem = quantityProblem(text, max);

  const type = (next: string) => {
    setTyped(next);
    const p = quantityProblem(next, max);
    onValidityChange?.(p !== null);
    if (p === null) onChange(plain(next) === '' ? 0 : Number(plain(next)));
  };
  const step = (n: number) => {
    setTyped(null);
    onValidityChange?.(false);
    onChange(Math.min(max, Math.max(0, n)));
  };
  // A button steps from what is shown when that is a valid number, else from the last valid value.
  const base = problem === null && plain(text) !== '' ? Number(plain(text)) : value;

  return (
    <Box sx={{ display: 'inline-grid', justifyItems: 'center' }}>
      <Box sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
        <IconButton size="small" onClick={() => step(base - 1)} disabled={base <= 0} aria-label={t('orders.place.decrease', { item: itemLabel })}>
          <RemoveIcon fontSize="small" />
        </IconButton>
        <TextField
          size="small"
          value={text}
          onChange={(e) => type(e.target.value)}
          onFocus={(e) => e.target.select()}
          error={problem !== null}
          sx={{ width: 80 }}
          slotProps={{
            htmlInput: {
              inputMode: 'numeric',
              'aria-label': t('orders.place.quantityOf', { item: itemLabel }),
              'aria-invalid': problem !== null || undefined,
              'aria-describedby': problem ? helpId : undefined,
              style: { textAlign: 'center' },
            },
          }}
        />
        <IconButton size="small" onClick={() => step(base + 1)} disabled={base >= max} aria-label={t('orders.place.increase', { item: itemLabel })}>
          <AddIcon fontSize="small" />
        </IconButton>
      </Box>
      {problem ? (
        <FormHelperText id={helpId} error role="alert" sx={{ mx: 0, textAlign: 'center', maxWidth: 200 }}>
          {t(`orders.place.qtyProblem.${problem}`, { max })}
        </FormHelperText>
      ) : null}
    </Box>
  );
}
