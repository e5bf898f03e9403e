import { useTranslation } from 'next-i18next/pages';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useSignOut } from '@/lib/auth/useSignOut';
import { useSessionErrorStore } from '@/store/sessionErrorStore';

/** Spec §8: a 401 calls the global handler, which asks the user to sign in again (no forced logout). */
export function SessionExpiredDialog() {
  const { t } = useTranslation(['common', 'error']);
  const code = useSessionErrorStore((s) => s.code);
  const clear = useSessionErrorStore((s) => s.clear);
  const signOutNow = useSignOut();
  return (
    <Dialog open={code !== null} aria-labelledby="session-expired-title">
      <DialogTitle id="session-expired-title">{t('common:sessionExpired.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText>{t(`error:${code ?? 'TOKEN_EXPIRED'}`, { defaultValue: t('error:TOKEN_EXPIRED') })}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={clear}>{t('common:close')}</Button>
        <Button
          variant="contained"
          onClick={() => {
            const c = code ?? undefined;
            clear();
            void signOutNow(c, { returnHere: true });
          }}
        >
          {t('common:signInAgain')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
