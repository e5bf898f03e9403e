import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import dynamic from 'next/dynamic';
import { useRouter } from 'next/router';
import { useTranslation } from 'next-i18next/pages';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Paper from '@mui/material/Paper';
import TablePagination from '@mui/material/TablePagination';
import TextField from '@mui/material/TextField';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import ClearIcon from '@mui/icons-material/Clear';
import DoneAllIcon from '@mui/icons-material/DoneAll';
import SearchIcon from '@mui/icons-material/Search';
import { PageHeader } from '@/components/common/PageHeader';
import { useUrlParam } from '@/components/common/useUrlParam';
import { useQueryClient } from '@tanstack/react-query';
import { invalidateFor, keyOf, settle, useEndpointMutation, useEndpointQuery } from '@/lib/api/query';
import { inboxContract } from '@/lib/inbox/contract';
import { inboxLang, type InboxListItem, type InboxMessage } from '@/lib/inbox/schemas';
import { errorKey } from '@/lib/errors';
import { joinSentences } from '@/lib/i18n/locales';
import { InboxList } from './InboxList';
import { useDebouncedValue } from './useDebouncedValue';
import { useInboxList } from './useInboxList';
import { useInboxMessage } from './useInboxMessage';

/**
 * The opened message (its sanitiser, DOMPurify, among the rest): loaded when a message is first opened, not with the
 * list (the first screen's work on a phone, where the message only ever shows in a dialog).
 */
const MessageView = dynamic(() => import('./MessageView').then((m) => m.MessageView));

export const INBOX_PAGE_SIZES = [10, 20, 50] as const;
/** Typing pauses this long before the search runs (and goes back to page 1). */
export const SEARCH_DEBOUNCE_MS = 300;

/** Hides Chrome's and Safari's built-in clear (×) of a search input. */
const HIDE_NATIVE_CLEAR = { '& input::-webkit-search-cancel-button': { WebkitAppearance: 'none', display: 'none' } } as const;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The inbox (spec §2 `/inbox`, §7): the user's messages for its current customer, unread first then newest, with
 * paging, a search by title and "mark all as read". Opening a message (click, or Enter on the focused row) shows it
 * beside the list on desktops and in a full-screen dialog on phones; it is marked read and the header's unread count
 * drops at once. `/inbox?id=<message id>` (with the `ucpid` the route guard handles) opens that message.
 *
 * The list's state is kept in the component rather than the URL: with `ucpid` in a deep link, every URL change
 * makes the route guard check the token again (docs/inbox.md).
 */

export function InboxScreen() {
  const { t } = useTranslation(['inbox', 'common', 'error']);
  const router = useRouter();
  const lang = inboxLang(router.locale);
  const theme = useTheme();
  const isDesktop = useMediaQuery(theme.breakpoints.up('md'));
  const queryClient = useQueryClient();
  // The count may have changed since sign-in (new messages, another tab): refreshed whenever the inbox opens.
  const unreadCount = useEndpointQuery(inboxContract.endpoints.getEmailUnreadCount, {}, { refetchOnMount: 'always' }).data ?? 0;
  const markAll = useEndpointMutation(inboxContract.endpoints.markAllAsRead);

  const [searchInput, setSearchInput] = useState('');
  const searchField = useRef<HTMLInputElement>(null);
  const search = useDebouncedValue(searchInput.trim(), SEARCH_DEBOUNCE_MS);
  // The page belongs to the search it was chosen under: a new search starts at page 1 without an extra render pass.
  const [paging, setPaging] = useState({ search: '', page: 1 });
  const page = paging.search === search ? paging.page : 1;
  const [pageSize, setPageSize] = useState<number>(INBOX_PAGE_SIZES[0]);

  const list = useInboxList({ page, pageSize, search: search || undefined, lang }, router.isReady);
  // Messages read here since the list loaded: shown read at once, without reloading (and reordering) the list.
  const [readIds, setReadIds] = useState<ReadonlySet<string>>(() => new Set());
  const items: InboxListItem[] = (list.data?.items ?? []).map((i) => (readIds.has(i.id) && !i.isRead ? { ...i, isRead: true } : i));
  const total = list.data?.total ?? 0;
  const hasUnread = unreadCount > 0 || items.some((i) => !i.isRead);

  // Deep link: `?id=` opens that message until the user closes it or opens another one.
  const [idParam, pushId] = useUrlParam('id', { history: 'push' });
  const queryId = router.isReady && idParam !== null && UUID.test(idParam) ? idParam : null;
  const [deepLinkClosed, setDeepLinkClosed] = useState(false);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const openId = selectedId ?? (deepLinkClosed ? null : queryId);

  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [notice, setNotice] = useState('');

  const onOpened = (message: InboxMessage) => {
    if (readIds.has(message.id)) return;
    setReadIds((prev) => new Set(prev).add(message.id));
    const known = items.find((i) => i.id === message.id);
    if (known && !known.isRead) {
      queryClient.setQueryData<number>(keyOf(inboxContract.endpoints.getEmailUnreadCount, {}), (n) => Math.max(0, (n ?? 0) - 1));
    } else if (!known) {
      // Opened by a deep link, not on this page: whether it was unread is unknown here, so ask for the count.
      void invalidateFor(queryClient, { invalidates: ['inbox.getEmailUnreadCount'] });
    }
  };
  const opened = useInboxMessage(openId, lang, onOpened);

  // Beside the list (desktop), focus moves to the opened message's heading so screen readers read it next; the
  // phone dialog moves focus into itself.
  const openedId = opened.message?.id ?? null;
  useEffect(() => {
    if (isDesktop && openedId) headingRef.current?.focus();
  }, [isDesktop, openedId]);

  // On a phone the message fills the screen: opening it adds a history entry (`?id=`), so the phone's Back closes it
  // and returns to the list instead of leaving the inbox.
  const pushedId = useRef<string | null>(null);
  const open = (item: InboxListItem) => {
    setNotice('');
    setSelectedId(item.id);
    if (!isDesktop && queryId !== item.id) {
      pushedId.current = item.id;
      pushId(item.id);
    }
  };
  const close = () => {
    setSelectedId(null);
    setDeepLinkClosed(true);
    if (pushedId.current !== null) {
      pushedId.current = null;
      router.back();
    }
  };
  // Back pressed while the message opened from the list is shown: the URL no longer names it, so close it.
  useEffect(() => {
    if (pushedId.current !== null && router.isReady && queryId !== pushedId.current) {
      pushedId.current = null;
      setSelectedId(null);
      setDeepLinkClosed(true);
    }
  }, [queryId, router.isReady]);
  // The same from the browser's own history event: Next's router does not always move `router.query` on Back (a
  // history entry without Next's state, e.g. the page's first one when its initial replaceState came after the push,
  // is answered by re-stamping the old query), so the message stayed open over a URL that no longer named it (seen in
  // a clean-clone browser run). The address bar is the truth here.
  useEffect(() => {
    const onPopState = () => {
      if (pushedId.current === null) return;
      if (new URLSearchParams(window.location.search).get('id') === pushedId.current) return;
      pushedId.current = null;
      setSelectedId(null);
      setDeepLinkClosed(true);
    };
    window.addEventListener('popstate', onPopState);
    return () => window.removeEventListener('popstate', onPopState);
  }, []);

  const onMarkAll = async () => {
    setNotice('');
    // Success refreshes the unread count and the list (the contract invalidates the inbox's queries).
    const result = await settle(markAll.mutateAsync({}));
    if (!result.ok) {
      setNotice(joinSentences(router.locale, t('inbox:inbox.markAllFailed'), t(errorKey(result.error.code))));
      return;
    }
    setReadIds((prev) => new Set([...prev, ...items.map((i) => i.id)]));
    setNotice(t('inbox:inbox.markedAllRead', { count: result.data.updated }));
  };

  const messageView = (
    <MessageView
      headingRef={headingRef}
      headingId={headingId}
      message={opened.message}
      loading={opened.loading}
      error={opened.error}
      onRetry={opened.reload}
    />
  );

  return (
    <Box>
      <PageHeader
        title={t('inbox:inbox.title')}
        documentTitle={false}
        subtitle={
          <>
            <span>{t('inbox:inbox.intro')}</span>{' '}
            <Box component="span" sx={{ fontWeight: 600 }} data-testid="inbox-unread-summary">
              {t('inbox:inbox.unreadSummary', { count: unreadCount })}
            </Box>
            {/* Always in the DOM, so screen readers announce what "mark all as read" did. */}
            <Box role="status" aria-live="polite" sx={{ mt: notice ? 0.5 : 0, color: 'text.primary' }}>
              {notice}
            </Box>
          </>
        }
        actions={
          <Button variant="outlined" startIcon={<DoneAllIcon aria-hidden />} disabled={!hasUnread} onClick={() => void onMarkAll()}>
            {t('inbox:inbox.markAllRead')}
          </Button>
        }
      />
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 5fr) minmax(0, 7fr)' },
          alignItems: 'start',
        }}
      >
        <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
          <Box sx={{ p: { xs: 1.5, sm: 2 }, pb: 1 }}>
            <TextField
              fullWidth
              size="small"
              type="search"
              // The field has its own labelled clear button (keyboard-reachable, in every browser): the browser's own ×
              // of a search field would be a second one beside it.
              sx={HIDE_NATIVE_CLEAR}
              label={t('inbox:inbox.search.label')}
              value={searchInput}
              inputRef={searchField}
              onChange={(e: ChangeEvent<HTMLInputElement>) => setSearchInput(e.target.value)}
              slotProps={{
                htmlInput: { maxLength: 100, 'data-testid': 'inbox-search' },
                input: {
                  startAdornment: (
                    <InputAdornment position="start">
                      <SearchIcon fontSize="small" aria-hidden />
                    </InputAdornment>
                  ),
                  endAdornment: searchInput ? (
                    <InputAdornment position="end">
                      <IconButton
                        size="small"
                        edge="end"
                        aria-label={t('inbox:inbox.search.clear')}
                        onClick={() => {
                          setSearchInput('');
                          // The button goes with the text: the field keeps the focus (it was lost to the page's body).
                          searchField.current?.focus();
                        }}
                      >
                        <ClearIcon fontSize="small" />
                      </IconButton>
                    </InputAdornment>
                  ) : undefined,
                },
              }}
            />
          </Box>
          <InboxList
            items={items}
            selectedId={openId}
            onOpen={open}
            // Before the router is ready the list has not started: the placeholders show, not "no messages".
            loading={list.loading || (list.data === null && list.error === null)}
            error={list.error}
            onRetry={list.reload}
            search={search}
            skeletonRows={pageSize}
          />
          {total > 0 ? (
            <TablePagination
              component="div"
              count={total}
              page={Math.min(page - 1, Math.max(0, Math.ceil(total / pageSize) - 1))}
              rowsPerPage={pageSize}
              rowsPerPageOptions={[...INBOX_PAGE_SIZES]}
              onPageChange={(_e, next) => setPaging({ search, page: next + 1 })}
              onRowsPerPageChange={(e) => {
                setPageSize(Number(e.target.value));
                setPaging({ search, page: 1 });
              }}
              labelRowsPerPage={t('common:ui.table.rowsPerPage')}
              labelDisplayedRows={({ from, to, count }) => t('common:ui.table.displayedRows', { from, to, count })}
              getItemAriaLabel={(type) => t(`common:ui.table.${type}Page`)}
              showFirstButton={isDesktop}
              showLastButton={isDesktop}
              sx={{ borderTop: 1, borderColor: 'divider', '& .MuiTablePagination-toolbar': { flexWrap: 'wrap', px: { xs: 1, sm: 2 } } }}
            />
          ) : null}
        </Paper>

        {isDesktop ? (
          <Paper
            variant="outlined"
            component="section"
            aria-label={t('inbox:inbox.messagePanel')}
            sx={{ p: 3, position: 'sticky', top: 88, maxHeight: 'calc(100vh - 112px)', overflowY: 'auto' }}
            data-testid="inbox-panel"
          >
            {openId ? (
              messageView
            ) : (
              <Typography color="text.secondary" sx={{ py: 4, textAlign: 'center' }}>
                {t('inbox:inbox.selectPrompt')}
              </Typography>
            )}
          </Paper>
        ) : null}
      </Box>

      {isDesktop ? null : (
        <Dialog fullScreen open={openId !== null} onClose={close} aria-labelledby={headingId} data-testid="inbox-dialog">
          <Toolbar sx={{ borderBottom: 1, borderColor: 'divider', gap: 1, px: 1 }}>
            <IconButton edge="start" onClick={close} aria-label={t('inbox:inbox.closeMessage')}>
              <ArrowBackIcon />
            </IconButton>
            <Typography component="p" sx={{ fontWeight: 600 }}>
              {t('inbox:inbox.backToList')}
            </Typography>
          </Toolbar>
          <DialogContent sx={{ px: 2, py: 2 }}>{messageView}</DialogContent>
        </Dialog>
      )}
    </Box>
  );
}
