import { useCanAccess } from '@/components/common/Can';
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'next-i18next/pages';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { useEndpointMutation } from '@/lib/api/query';
import { loginContract } from '@/lib/auth/contract';
import { applyFontSize, currentFontSize } from '@/lib/theme/applyPreferences';
import { FONT_SIZE_ATTRIBUTE } from '@/lib/theme/preferences';
import { FONT_SIZES, type FontSize } from '@/lib/theme/preferences';

function subscribeFontSize(onChange: () => void): () => void {
  const observer = new MutationObserver(onChange);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: [FONT_SIZE_ATTRIBUTE] });
  return () => observer.disconnect();
}

/**
 * S / M / L (12 / 14 / 16 px). Applied at once and kept in a cookie; saved on the server as the user's preference
 * when the user may write preferences (ac_pref_write).
 */
export function FontSizeControl() {
  const { t } = useTranslation('common');
  const save = useEndpointMutation(loginContract.endpoints.savePreferenceInfo);
  // The root attribute is the one truth (set before first paint from the cookie, then by applyFontSize).
  const size = useSyncExternalStore(subscribeFontSize, currentFontSize, () => 'M');
  const canSave = useCanAccess(['ac_pref_write']);
  return (
    <ToggleButtonGroup
      size="small"
      exclusive
      value={size}
      aria-label={t('fontSize.label')}
      onChange={(_, value: FontSize | null) => {
        if (!value) return;
        applyFontSize(value);
        if (canSave) save.mutate({ fontSize: value });
      }}
      sx={{
        '& .MuiToggleButton-root': { color: 'inherit', borderColor: 'currentColor', px: 1, py: 0.25, lineHeight: 1.2 },
        // Works on the red header and on the page background alike: the chosen size is marked by weight and a tint.
        '& .MuiToggleButton-root.Mui-selected': { color: 'inherit', fontWeight: 700, backgroundColor: 'rgba(127,127,127,0.28)' },
      }}
    >
      {FONT_SIZES.map((s) => (
        <ToggleButton
          key={s}
          value={s}
          // WCAG 2.5.3 (label in name): the name starts with what the button shows ("A+ Large font size").
          aria-label={`${t(`fontSize.short${s}`)} ${t(`fontSize.${s}`)}`}
          sx={{ fontSize: s === 'S' ? '0.75rem' : s === 'M' ? '0.875rem' : '1rem' }}>
          {t(`fontSize.short${s}`)}
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
}
