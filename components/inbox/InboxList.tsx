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
import { formatDateTime, joinSentences } from '@/lib/i18n/locales';
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
  /** Placeholder rows while the first page loads: the page size, so the loaded page takes the same room. */
  skeletonRows?: number;
};

/** A row's layout, shared by the loaded rows and their placeholders (same height: no layout shift on load). */
const ROW_SX = { display: 'flex', alignItems: 'flex-start', gap: 1.5, py: 1.5, px: { xs: 1.5, sm: 2 }, width: '100%' } as const;
const DOT_SX = { width: 10, height: 10, borderRadius: '50%', mt: 0.75, flexShrink: 0 } as const;
const TEXT_SX = { minWidth: 0, flex: 1, display: 'grid', gap: 0.5 } as const;
const META_SX = { display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' } as const;
/** MUI's small chip. */
const CHIP_HEIGHT = 24;

/** The messages of one page: unread ones bold with a dot (and the word "Unread" for screen readers). */
export function InboxList({ items, selectedId, onOpen, loading, error, onRetry, search, skeletonRows = 10 }: InboxListProps) {
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
    // One placeholder per row the page will show, each built like a row (dot, title, chip and time, preview): the
    // loaded list takes the same room, so nothing below it (pagination, footer) moves when it arrives.
    return (
      <Box role="status" aria-busy data-testid="inbox-loading">
        <Box component="span" sx={visuallyHidden}>
          {t('common:ui.table.loading')}
        </Box>
        <List disablePadding aria-hidden>
          {Array.from({ length: skeletonRows }, (_, n) => (
            <ListItem key={n} disablePadding divider data-testid="inbox-skeleton-row">
              <Box sx={ROW_SX}>
                <Box sx={DOT_SX} />
                <Box sx={TEXT_SX}>
                  <Typography component="span">
                    <Skeleton width="70%" />
                  </Typography>
                  <Box sx={META_SX}>
                    <Skeleton variant="rounded" width={64} height={CHIP_HEIGHT} />
                    <Typography component="span" variant="caption">
                      <Skeleton width={96} />
                    </Typography>
                  </Box>
                  <Typography component="span" variant="body2">
                    <Skeleton width="90%" />
                  </Typography>
                </Box>
              </Box>
            </ListItem>
          ))}
        </List>
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
          <Typography variant="body2">{joinSentences(locale, t('inbox:inbox.listError'), t(errorKey(error.code)))}</Typography>
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
                sx={ROW_SX}
              >
                <Box aria-hidden sx={{ ...DOT_SX, bgcolor: item.isRead ? 'transparent' : 'primary.main' }} />
                <Box sx={TEXT_SX}>
                  <Typography component="span" sx={{ fontWeight: item.isRead ? 400 : 700, overflowWrap: 'anywhere' }}>
                    {item.isRead ? null : <Box component="span" sx={visuallyHidden}>{`${t('inbox:inbox.unread')}: `}</Box>}
                    {item.title}
                  </Typography>
                  <Box sx={META_SX}>
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
