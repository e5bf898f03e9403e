import { useTranslation } from 'next-i18next/pages';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useSignOut } from '@/lib/auth/useSignOut';

/** A minute before an idle user's session ends: stay signed in (renews it) or sign out (issue 10 minor). */
export function SessionEndingDialog({ onStay }: { onStay: () => void }) {
  const { t } = useTranslation('common');
  const signOutNow = useSignOut();
  return (
    <Dialog open aria-labelledby="session-ending-title" aria-describedby="session-ending-text" data-testid="session-ending">
      <DialogTitle id="session-ending-title">{t('sessionEnding.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText id="session-ending-text">{t('sessionEnding.body')}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => void signOutNow()}>{t('signOut')}</Button>
        <Button variant="contained" onClick={onStay} autoFocus>
          {t('sessionEnding.stay')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
