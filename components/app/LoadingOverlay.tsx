import { useTranslation } from 'next-i18next/pages';
import Box from '@mui/material/Box';
import { useLoadingStore } from '@/store/loadingStore';
import { Spinner } from './Spinner';

/**
 * Spec §4: shown from the first non-silent request to the end of the last. A plain fixed layer with a CSS fade
 * rather than MUI's Backdrop: the overlay is in every page's shared bundle, and Backdrop brings Fade and the
 * transition library with it (≈ 9 kB gzip) for the same look. Hidden, it is `visibility: hidden` (out of the
 * accessibility tree and the tab order).
 */
export function LoadingOverlay() {
  const { t } = useTranslation('common');
  const isLoading = useLoadingStore((s) => s.isLoading);
  return (
    <Box
      data-testid="loading-overlay"
      aria-hidden={!isLoading}
      sx={{
        position: 'fixed',
        inset: 0,
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        zIndex: (theme) => theme.zIndex.modal + 1,
        color: '#fff',
        backgroundColor: 'rgba(0, 0, 0, 0.5)',
        opacity: isLoading ? 1 : 0,
        visibility: isLoading ? 'visible' : 'hidden',
        // Fades in and out like MUI's Backdrop (225 ms); visibility waits for the fade-out to end.
        transition: isLoading ? 'opacity 225ms' : 'opacity 195ms, visibility 0s 195ms',
        WebkitTapHighlightColor: 'transparent',
      }}
    >
      {isLoading ? <Spinner color="currentColor" label={t('loading')} /> : null}
    </Box>
  );
}
