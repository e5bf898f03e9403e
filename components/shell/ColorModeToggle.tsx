import { useTranslation } from 'next-i18next/pages';
import IconButton from '@mui/material/IconButton';
import { useColorScheme } from '@mui/material/styles';
import DarkModeIcon from '@mui/icons-material/DarkMode';
import LightModeIcon from '@mui/icons-material/LightMode';

/** Light ↔ dark; MUI stores the mode through the cookie storage manager (lib/theme/cookieStorage.ts). */
export function ColorModeToggle() {
  const { t } = useTranslation('common');
  const { mode, systemMode, setMode } = useColorScheme();
  const current = (mode === 'system' ? systemMode : mode) ?? 'light';
  const next = current === 'dark' ? 'light' : 'dark';
  const label = t(next === 'dark' ? 'colorMode.toDark' : 'colorMode.toLight');
  return (
    // A native title instead of MUI's Tooltip: the toggle sits on every page and Tooltip pulls Popper into the shared bundle.
    <IconButton color="inherit" aria-label={label} title={label} onClick={() => setMode(next)} data-testid="color-mode-toggle" data-mode={current}>
      {current === 'dark' ? <LightModeIcon /> : <DarkModeIcon />}
    </IconButton>
  );
}
