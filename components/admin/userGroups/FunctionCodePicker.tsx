import { useEffect, useId } from 'react';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'next-i18next/pages';
import { useController, useWatch, type Control } from 'react-hook-form';
import { fieldErrorMessage, useFieldMessage } from '@/components/common/form/useFieldMessage';
import type { FunctionCode } from '@/lib/permissions/codes';
import { codeAllowedFor, codeAreasFor } from '@/lib/userGroups/codeAreas';
import type { GroupKind } from '@/lib/userGroups/schemas';

type CodesForm = { kind: GroupKind; codes: FunctionCode[] };

/**
 * The group's function codes, one fieldset per area of spec §6 with each code's meaning (userGroups:codes.*) and the
 * code itself. A customer group is offered customer codes only; switching a group to "customer" unticks staff codes.
 */
export function FunctionCodePicker({ control }: { control: Control<CodesForm> }) {
  const { t } = useTranslation('userGroups');
  const kind = useWatch({ control, name: 'kind' });
  const { field, fieldState } = useController({ control, name: 'codes' });
  const message = useFieldMessage();
  const error = message(fieldErrorMessage(fieldState.error));
  const helpId = useId();
  const value: FunctionCode[] = field.value ?? [];
  const selected = new Set(value);

  useEffect(() => {
    const fitting = value.filter((c) => codeAllowedFor(kind, c));
    if (fitting.length !== value.length) field.onChange(fitting);
    // Only a kind change can make ticked codes unfit.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [kind]);

  const toggle = (code: FunctionCode, on: boolean) => field.onChange(on ? [...value, code] : value.filter((c) => c !== code));

  return (
    <FormControl component="fieldset" error={Boolean(error)} aria-describedby={helpId} sx={{ display: 'grid', gap: 2 }}>
      <FormLabel component="legend" sx={{ mb: 0.5 }}>
        {t('fields.codes')} · {t('codesCount', { count: value.length })}
      </FormLabel>
      <FormHelperText id={helpId} sx={{ mx: 0 }}>
        {error ?? t('help.codes')}
      </FormHelperText>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
        {codeAreasFor(kind).map(({ area, codes }) => {
          const all = codes.every((c) => selected.has(c));
          const some = codes.some((c) => selected.has(c));
          return (
            <Box key={area} component="fieldset" sx={{ m: 0, p: 1.5, border: 1, borderColor: 'divider', borderRadius: 1, minWidth: 0 }}>
              <Typography component="legend" variant="subtitle2" sx={{ px: 0.5 }}>
                {t(`areas.${area}`)}
              </Typography>
              <FormControlLabel
                control={
                  <Checkbox
                    size="small"
                    checked={all}
                    indeterminate={some && !all}
                    onChange={(e) => field.onChange(e.target.checked ? [...new Set([...value, ...codes])] : value.filter((c) => !codes.includes(c)))}
                  />
                }
                label={<Typography variant="body2" sx={{ fontStyle: 'italic' }}>{t('selectArea', { area: t(`areas.${area}`) })}</Typography>}
              />
              <FormGroup>
                {codes.map((code) => (
                  <FormControlLabel
                    key={code}
                    sx={{ alignItems: 'flex-start', '& .MuiCheckbox-root': { pt: 0.5 } }}
                    control={<Checkbox name={`codes.${code}`} checked={selected.has(code)} onChange={(e) => toggle(code, e.target.checked)} slotProps={{ input: { ref: code === codes[0] && area === 'general' ? field.ref : undefined } }} />}
                    label={
                      <Box sx={{ py: 0.5 }}>
                        <Typography variant="body2">{t(`codes.${code}`)}</Typography>
                        <Typography variant="caption" color="text.secondary" sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}>
                          {code}
                        </Typography>
                      </Box>
                    }
                  />
                ))}
              </FormGroup>
            </Box>
          );
        })}
      </Box>
    </FormControl>
  );
}
