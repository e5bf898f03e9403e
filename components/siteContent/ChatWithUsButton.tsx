import { useTranslation } from 'next-i18next/pages';
import Button from '@mui/material/Button';
import ChatIcon from '@mui/icons-material/ChatOutlined';
import { ContentAnchor, NewTabHint } from './ContentAnchor';
import { useChatWithUsLink } from './useContent';

/** The chat-with-us link as a button; nothing when the link is not configured. */
export function ChatWithUsButton({ size = 'medium' }: { size?: 'small' | 'medium' }) {
  const { t } = useTranslation('common');
  const link = useChatWithUsLink();
  if (!link) return null;
  return (
    <Button component={ContentAnchor} href={link} variant="outlined" color="secondary" size={size} startIcon={<ChatIcon />} data-testid="chat-with-us">
      {t('siteContent.chatWithUs')}
      <NewTabHint href={link} />
    </Button>
  );
}
