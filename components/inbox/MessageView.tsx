import type { Ref } from 'react';
import { useRouter } from 'next/router';
import { useTranslation } from 'next-i18next/pages';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';
import type { InboxMessage } from '@/lib/inbox/schemas';
import type { ApiError } from '@/lib/api/types';
import { errorKey } from '@/lib/errors';
import { formatDateTime, joinSentences } from '@/lib/i18n/locales';
import { CategoryChip } from './CategoryChip';
import { SanitizedHtml } from '@/components/common/SanitizedHtml';

export type MessageViewProps = {
  message: InboxMessage | null;
  loading: boolean;
  error: ApiError | null;
  onRetry: () => void;
  /** Id of the heading, for the dialog's or panel's accessible name. */
  headingId: string;
  /**
   * The heading, which takes focus when a message opens. A prop, not `ref`: the screen loads this view with
   * next/dynamic, whose wrapper keeps `ref` for itself.
   */
  headingRef?: Ref<HTMLHeadingElement>;
};

/**
 * The open message: title, category, send time and the sanitized body; or its loading / error state. The heading
 * takes focus when a message opens (`headingRef`), so keyboard and screen-reader users land on what they opened.
 */
export function MessageView({ message, loading, error, onRetry, headingId, headingRef }: MessageViewProps) {
  const { t } = useTranslation(['inbox', 'common', 'error']);
  const { locale } = useRouter();

  if (loading) {
    return (
      <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 1.5, py: 4, justifyContent: 'center' }}>
        <CircularProgress size={24} aria-hidden />
        <Typography id={headingId}>{t('inbox:inbox.loadingMessage')}</Typography>
      </Box>
    );
  }
  if (error) {
    const notFound = error.code === 'NOT_FOUND';
    return (
      <Alert
        severity={notFound ? 'info' : 'error'}
        id={headingId}
        action={
          notFound ? undefined : (
            <Button color="inherit" size="small" onClick={onRetry}>
              {t('common:ui.retry')}
            </Button>
          )
        }
      >
        {notFound ? t('inbox:inbox.messageNotFound') : joinSentences(locale, t('inbox:inbox.messageError'), t(errorKey(error.code)))}
      </Alert>
    );
  }
  if (!message) return null;
  return (
    <Box component="article" aria-labelledby={headingId} data-testid="inbox-message">
      <Typography
        ref={headingRef}
        id={headingId}
        variant="h5"
        component="h2"
        tabIndex={-1}
        sx={{ fontWeight: 600, overflowWrap: 'anywhere', outline: 'none' }}
      >
        {message.title}
      </Typography>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mt: 1 }}>
        <CategoryChip category={message.category} />
        <Typography variant="body2" color="text.secondary" component="span">
          <time dateTime={message.sendTime}>{t('inbox:inbox.sentAt', { time: formatDateTime(message.sendTime, locale) })}</time>
        </Typography>
      </Box>
      <Divider sx={{ my: 2 }} />
      <SanitizedHtml html={message.bodyHtml} testId="inbox-message-body" />
    </Box>
  );
}
