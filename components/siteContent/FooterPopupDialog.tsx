import { useId } from 'react';
import { useTranslation } from 'next-i18next/pages';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import type { FooterPopupContent } from '@/store/types';

/**
 * One footer popup (privacy policy, terms…): its title and its paragraphs as plain text. The content is text, never
 * HTML, so React's escaping is all the protection it needs. Full screen on phones, where a long legal text reads
 * better edge to edge.
 */
export function FooterPopupDialog({ popup, onClose }: { popup: FooterPopupContent | null; onClose: () => void }) {
  const { t } = useTranslation('common');
  const theme = useTheme();
  const isPhone = useMediaQuery(theme.breakpoints.down('sm'));
  const titleId = useId();
  return (
    <Dialog open={popup !== null} onClose={onClose} aria-labelledby={titleId} fullScreen={isPhone} maxWidth="md" fullWidth scroll="paper">
      {popup ? (
        <>
          <DialogTitle id={titleId} sx={{ overflowWrap: 'anywhere' }}>
            {popup.title}
          </DialogTitle>
          {/* Focusable, so the keyboard can scroll a long text (the dialog itself takes focus when it opens). */}
          <DialogContent dividers tabIndex={0} data-testid="footer-popup-content">
            {popup.paragraphs.map((paragraph, i) => (
              <Typography key={i} component="p" variant="body1" sx={{ mb: i === popup.paragraphs.length - 1 ? 0 : 2, whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
                {paragraph}
              </Typography>
            ))}
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose} variant="contained">
              {t('close')}
            </Button>
          </DialogActions>
        </>
      ) : null}
    </Dialog>
  );
}
