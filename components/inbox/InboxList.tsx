import { useRouter } from 'next/router';
import { useTranslation } from 'next-i18next/pages';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { InboxListItem } from '@/lib/inbox/schemas';
import type { ApiError } from '@/lib/api/types';
import { errorKey } from '@/lib/errors';
import { formatDateTime } from '@/lib/i18n/locales';
import { StateMessage } from '@/components/common/StateMessage';
import { visuallyHidden } from '@/components/common/visuallyHidden';
import { CategoryChip } from './CategoryChip';

export type InboxListProps = {
  items: readonly InboxListItem[];
  selectedId: string | null;
  onOpen: (item: InboxListItem) => void;
  loading: boolean;
  error: ApiError | null;
  onRetry: () => void;
  /** The search in force (for the "no matches" message). */
  search: string;
};

/** The messages of one page: unread ones bold with a dot (and the word "Unread" for screen readers). */
export function InboxList({ items, selectedId, onOpen, loading, error, onRetry, search }: InboxListProps) {
  const { t } = useTranslation(['inbox', 'common', 'error']);
  const { locale } = useRouter();

  if (error && items.length === 0) {
    return (
      <StateMessage
        role="alert"
        variant="inline"
        headingComponent="h2"
        title={t('inbox:inbox.listError')}
        action={
          <Button variant="outlined" onClick={onRetry}>
            {t('common:ui.retry')}
          </Button>
        }
      >
        {t(errorKey(error.code))}
      </StateMessage>
    );
  }
  if (loading && items.length === 0) {
    return (
      <Box role="status" aria-busy sx={{ px: 2, pb: 2 }} data-testid="inbox-loading">
        <Box component="span" sx={visuallyHidden}>
          {t('common:ui.table.loading')}
        </Box>
        {[0, 1, 2, 3].map((n) => (
          <Box key={n} sx={{ py: 1.5, display: 'grid', gap: 0.75 }} aria-hidden>
            <Skeleton variant="text" width="70%" />
            <Skeleton variant="text" width="45%" />
          </Box>
        ))}
      </Box>
    );
  }
  if (items.length === 0) {
    return search ? (
      <StateMessage variant="inline" headingComponent="h2" title={t('inbox:inbox.emptySearch.title', { search })}>
        {t('inbox:inbox.emptySearch.body')}
      </StateMessage>
    ) : (
      <StateMessage variant="inline" headingComponent="h2" title={t('inbox:inbox.empty.title')}>
        {t('inbox:inbox.empty.body')}
      </StateMessage>
    );
  }

  return (
    <Box sx={{ position: 'relative' }} aria-busy={loading}>
      {loading ? <LinearProgress sx={{ position: 'absolute', top: 0, left: 0, right: 0 }} aria-hidden /> : null}
      {error ? (
        <Box role="alert" sx={{ display: 'flex', alignItems: 'center', gap: 1, p: 1.5, color: 'error.main', flexWrap: 'wrap' }}>
          <Typography variant="body2">{`${t('inbox:inbox.listError')} ${t(errorKey(error.code))}`}</Typography>
          <Button size="small" onClick={onRetry}>
            {t('common:ui.retry')}
          </Button>
        </Box>
      ) : null}
      <List aria-label={t('inbox:inbox.listLabel')} disablePadding data-testid="inbox-list">
        {items.map((item) => {
          const isSelected = item.id === selectedId;
          return (
            <ListItem key={item.id} disablePadding divider>
              <ListItemButton
                selected={isSelected}
                aria-current={isSelected ? 'true' : undefined}
                onClick={() => onOpen(item)}
                data-testid="inbox-item"
                data-unread={item.isRead ? undefined : 'true'}
                sx={{ alignItems: 'flex-start', gap: 1.5, py: 1.5, px: { xs: 1.5, sm: 2 } }}
              >
                <Box
                  aria-hidden
                  sx={{
                    width: 10,
                    height: 10,
                    borderRadius: '50%',
                    mt: 0.75,
                    flexShrink: 0,
                    bgcolor: item.isRead ? 'transparent' : 'primary.main',
                  }}
                />
                <Box sx={{ minWidth: 0, flex: 1, display: 'grid', gap: 0.5 }}>
                  <Typography component="span" sx={{ fontWeight: item.isRead ? 400 : 700, overflowWrap: 'anywhere' }}>
                    {item.isRead ? null : <Box component="span" sx={visuallyHidden}>{`${t('inbox:inbox.unread')}: `}</Box>}
                    {item.title}
                  </Typography>
                  <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
                    <CategoryChip category={item.category} />
                    <Typography component="span" variant="caption" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
                      <time dateTime={item.sendTime}>{formatDateTime(item.sendTime, locale)}</time>
                    </Typography>
                  </Box>
                  <Typography
                    component="span"
                    variant="body2"
                    color="text.secondary"
                    sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', minWidth: 0 }}
                  >
                    {item.preview}
                  </Typography>
                </Box>
              </ListItemButton>
            </ListItem>
          );
        })}
      </List>
    </Box>
  );
}
