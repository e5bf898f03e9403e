import { useTranslation } from 'next-i18next/pages';
import Backdrop from '@mui/material/Backdrop';
import CircularProgress from '@mui/material/CircularProgress';
import { useLoadingStore } from '@/store/loadingStore';

/** Spec §4: shown from the first non-silent request to the end of the last. */
export function LoadingOverlay() {
  const { t } = useTranslation('common');
  const isLoading = useLoadingStore((s) => s.isLoading);
  return (
    <Backdrop open={isLoading} sx={{ zIndex: (theme) => theme.zIndex.modal + 1, color: '#fff' }} data-testid="loading-overlay">
      <CircularProgress color="inherit" aria-label={t('loading')} />
    </Backdrop>
  );
}
