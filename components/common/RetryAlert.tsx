import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useTranslation } from 'next-i18next/pages';
import type { ApiError } from '@/lib/api/types';
import { errorKey } from '@/lib/errors';

/**
 * A failed read inside a section (a picker's options, a file preview): the translated error with "try again".
 * Whole screens use DetailScreen / ListScreen, which show this state themselves.
 */
export function RetryAlert({ error, onRetry }: { error: ApiError; onRetry: () => void }) {
  const { t } = useTranslation(['common', 'error']);
  return (
    <Alert
      severity="error"
      action={
        <Button color="inherit" size="small" onClick={onRetry}>
          {t('ui.retry')}
        </Button>
      }
    >
      {t(errorKey(error.code))}
    </Alert>
  );
}
