import { useId, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useTranslation } from 'next-i18next/pages';
import { errorKey } from '@/lib/errors';

export type ConfirmDialogProps = {
  open: boolean;
  title: string;
  /** A sentence (shown as the dialog's text) or any content (a warning instead of the confirmation, say). */
  body: ReactNode;
  /** The failed mutation's error code, shown translated under the text. */
  errorCode?: string | null | undefined;
  /** The error's own message (translated), shown instead of the code's general one. */
  errorText?: string | null | undefined;
  pending: boolean;
  /** Without it there is nothing to confirm (only "Cancel"). */
  confirmLabel?: string | null;
  confirmColor?: 'primary' | 'error' | 'warning';
  /** The text of the button that closes the dialog (default "Cancel"). */
  cancelLabel?: string;
  onConfirm: () => void;
  onClose: () => void;
};

/**
 * "Are you sure?" before a one-click mutation (status changes, deletions, removals): title, what it does, the
 * mutation's translated error if it failed, Cancel and the confirm button (disabled while the mutation runs).
 */
export function ConfirmDialog({ open, title, body, errorCode, errorText, pending, confirmLabel, confirmColor = 'primary', cancelLabel, onConfirm, onClose }: ConfirmDialogProps) {
  const { t } = useTranslation(['common', 'error']);
  const titleId = useId();
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        {typeof body === 'string' ? <DialogContentText>{body}</DialogContentText> : body}
        {errorCode ? (
          <Alert severity="error" sx={{ mt: 2 }}>
            {errorText ?? t(errorKey(errorCode))}
          </Alert>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{cancelLabel ?? t('common:ui.form.cancel')}</Button>
        {confirmLabel ? (
          <Button variant="contained" color={confirmColor} disabled={pending} onClick={onConfirm}>
            {confirmLabel}
          </Button>
        ) : null}
      </DialogActions>
    </Dialog>
  );
}
