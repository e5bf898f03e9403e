import { useState } from 'react';
import { useTranslation } from 'next-i18next/pages';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import { FooterPopupDialog } from './FooterPopupDialog';
import { useFooterPopups } from './useContent';

/**
 * The footer's popup links (privacy policy, terms of use, disclaimer…): buttons styled as links, each opening its
 * text in a dialog. The open popup is remembered by key, so a language switch while it is open shows the same popup
 * in the new language (or closes it if that language has no such popup).
 */
export function FooterPopupLinks({ dense = false }: { dense?: boolean }) {
  const { t } = useTranslation('common');
  const popups = useFooterPopups();
  const [openKey, setOpenKey] = useState<string | null>(null);
  if (popups.length === 0) return null;
  const open = popups.find((p) => p.key === openKey) ?? null;
  return (
    <Box component="nav" aria-label={t('siteContent.legalLinks')}>
      <Box
        component="ul"
        sx={{ listStyle: 'none', m: 0, p: 0, display: 'flex', flexWrap: 'wrap', columnGap: dense ? 2 : 3, rowGap: 1, justifyContent: dense ? 'center' : 'flex-start' }}
      >
        {popups.map((popup) => (
          // A title without spaces (a long word, a pasted code) breaks anywhere instead of widening every page: a
          // 300-character one made customer pages 719 px wide on a 390 px phone. `minWidth: 0` lets the item shrink.
          <Box component="li" key={popup.key} sx={{ minWidth: 0, maxWidth: '100%' }}>
            <Link
              component="button"
              type="button"
              variant={dense ? 'caption' : 'body2'}
              color="text.secondary"
              underline="hover"
              aria-haspopup="dialog"
              data-testid={`footer-popup-link-${popup.key}`}
              onClick={() => setOpenKey(popup.key)}
              sx={{ verticalAlign: 'baseline', overflowWrap: 'anywhere', textAlign: 'inherit', maxWidth: '100%', '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: 2 } }}
            >
              {popup.title}
            </Link>
          </Box>
        ))}
      </Box>
      <FooterPopupDialog popup={open} onClose={() => setOpenKey(null)} />
    </Box>
  );
}
