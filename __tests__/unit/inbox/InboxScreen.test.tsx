import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { InboxScreen, SEARCH_DEBOUNCE_MS } from '@/components/inbox/InboxScreen';
import type { QueryClient } from '@tanstack/react-query';
import { keyOf } from '@/lib/api/query';
import { inboxContract } from '@/lib/inbox/contract';
import type { InboxList, InboxListItem, InboxMessage } from '@/lib/inbox/schemas';
import { apiError, apiSuccess } from '../testUtils/handlers';
import { createTestQueryClient, renderWithProviders } from '../testUtils/render';
import { server } from '../testUtils/server';
import { mockViewportWidth } from '../common/viewport';

const { getEmailListSortByIsReadAndSendTime, getEmailContent, getEmailUnreadCount, markAllAsRead } = inboxContract.endpoints;
const LIST = getEmailListSortByIsReadAndSendTime.path;
const CONTENT = getEmailContent.path;
const COUNT = getEmailUnreadCount.path;
const MARK_ALL = markAllAsRead.path;

const id = (n: number) => `5eed0010-0000-4000-8000-${String(n).padStart(12, '0')}`;

const ITEMS: InboxListItem[] = [
  { id: id(1), title: 'Your e-bill for October 2026 is ready', category: 'billing', sendTime: '2026-11-01T01:00:00.000Z', isRead: false, preview: 'Your e-bill for October 2026 is now available.' },
  { id: id(2), title: 'Toner shipment dispatched', category: 'service', sendTime: '2026-10-28T06:20:00.000Z', isRead: false, preview: 'Your toner order left our warehouse today.' },
  { id: id(3), title: 'Price adjustment notice', category: 'contract', sendTime: '2026-10-02T08:45:00.000Z', isRead: true, preview: 'Per-copy charges will be adjusted.' },
];

const messageFor = (item: InboxListItem, bodyHtml = `<p>Body of ${item.title}</p>`): InboxMessage => ({
  id: item.id,
  title: item.title,
  bodyHtml,
  category: item.category,
  sendTime: item.sendTime,
  isRead: true,
});

type Body = Record<string, unknown>;

/** Answers `path` with `answer(body)` and records every body it was called with. */
function record<T>(path: `/api/${string}`, answer: (body: Body) => T | Response) {
  const bodies: Body[] = [];
  server.use(
    http.post(path, async ({ request }) => {
      const body = (await request.json()) as Body;
      bodies.push(body);
      const data = answer(body);
      return data instanceof Response ? data : HttpResponse.json({ status: 'success', data, traceId: 't' });
    }),
  );
  return bodies;
}

/** The list endpoint over `items`, paged and searched like the server (unread first is the caller's order). */
function listHandler(items: InboxListItem[] = ITEMS) {
  return record<InboxList>(LIST, (body) => {
    const search = typeof body.search === 'string' ? body.search.toLowerCase() : '';
    const matches = items.filter((i) => i.title.toLowerCase().includes(search));
    const page = body.page as number;
    const size = body.pageSize as number;
    return { items: matches.slice((page - 1) * size, page * size), total: matches.length };
  });
}

/** Makes `useMediaQuery` see a desktop (md and up) or a phone. */
let restoreViewport: () => void = () => undefined;
function setViewport(kind: 'desktop' | 'phone') {
  restoreViewport();
  restoreViewport = mockViewportWidth(kind === 'desktop' ? 1280 : 390);
}

beforeEach(() => {
  setViewport('phone');
});
afterEach(() => {
  restoreViewport();
  restoreViewport = () => undefined;
});

let queryClient: QueryClient;
const renderInbox = (opts: Parameters<typeof renderWithProviders>[1] = {}) => {
  queryClient = createTestQueryClient();
  return renderWithProviders(<InboxScreen />, { router: { pathname: '/inbox', asPath: '/inbox', query: {}, ...opts.router }, queryClient, ...opts });
};
/** The unread count the header shows (the cached answer of getEmailUnreadCount). */
const unread = () => queryClient.getQueryData<number>(keyOf(getEmailUnreadCount, {}));

const rows = () => within(screen.getByTestId('inbox-list')).getAllByTestId('inbox-item');

describe('InboxScreen', () => {
  it('lists the messages with unread ones bold, marked with a dot and the word "Unread" for screen readers', async () => {
    const listCalls = listHandler();
    record(COUNT, () => 2);
    renderInbox();

    const list = await screen.findByRole('list', { name: 'Messages' });
    const items = within(list).getAllByTestId('inbox-item');
    expect(screen.queryByTestId('inbox-loading')).not.toBeInTheDocument();
    expect(items).toHaveLength(3);
    expect(items[0]).toHaveAccessibleName(expect.stringContaining('Unread: Your e-bill for October 2026 is ready'));
    expect(items[0]).toHaveAttribute('data-unread', 'true');
    expect(within(items[0]!).getByText('Your e-bill for October 2026 is ready')).toHaveStyle({ fontWeight: 700 });
    expect(within(items[0]!).getByText('Billing')).toBeInTheDocument();
    expect(within(items[0]!).getByText('Your e-bill for October 2026 is now available.')).toBeInTheDocument();
    expect(within(items[0]!).getByText(/2026/, { selector: 'time' })).toHaveAttribute('datetime', '2026-11-01T01:00:00.000Z');
    expect(items[2]).not.toHaveAttribute('data-unread');
    expect(items[2]).not.toHaveAccessibleName(expect.stringContaining('Unread'));
    expect(within(items[2]!).getByText('Contract')).toBeInTheDocument();

    expect(screen.getByRole('heading', { level: 1, name: 'Inbox' })).toBeInTheDocument();
    expect(screen.getByTestId('inbox-unread-summary')).toHaveTextContent('2 unread messages');
    expect(listCalls).toEqual([{ page: 1, pageSize: 10, lang: 'en' }]);
    expect(screen.getByText('1–3 of 3')).toBeInTheDocument();
  });

  it("closes the phone dialog on the browser's Back even when the router's query does not move", async () => {
    listHandler();
    record(COUNT, () => 2);
    record(CONTENT, () => messageFor(ITEMS[0]!, '<p>Hello</p>'));
    const user = userEvent.setup();
    renderInbox();
    await screen.findByRole('list', { name: 'Messages' });
    await user.click(rows()[0]!);
    await screen.findByRole('dialog', { name: 'Your e-bill for October 2026 is ready' });
    // Back: the address bar no longer names the message; the (mocked) router's query stays as it was.
    window.history.replaceState(null, '', '/inbox');
    act(() => {
      window.dispatchEvent(new PopStateEvent('popstate', { state: null }));
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('opens a message in a full-screen dialog on phones, renders its HTML, marks it read and lowers the header count', async () => {
    listHandler();
    record(COUNT, () => 2);
    const html = '<p>Pay by <strong>30 November</strong>.</p><p><a href="/my-account/manage-my-bills">Manage my bills</a></p>';
    const contentCalls = record(CONTENT, () => messageFor(ITEMS[0]!, html));
    const user = userEvent.setup();
    const { router } = renderInbox();

    await screen.findByRole('list', { name: 'Messages' });
    await waitFor(() => expect(unread()).toBe(2));
    await user.click(rows()[0]!);

    const dialog = await screen.findByRole('dialog', { name: 'Your e-bill for October 2026 is ready' });
    // A history entry for the open message: the phone's Back returns to the list instead of leaving the inbox.
    expect(router.push).toHaveBeenCalledWith({ pathname: '/inbox', query: { id: ITEMS[0]!.id } }, undefined, { shallow: true, scroll: false });
    expect(within(dialog).getByRole('heading', { level: 2, name: 'Your e-bill for October 2026 is ready' })).toBeInTheDocument();
    expect(within(dialog).getByText('30 November').tagName).toBe('STRONG');
    expect(within(dialog).getByText('Billing')).toBeInTheDocument();
    expect(contentCalls).toEqual([{ id: ITEMS[0]!.id, lang: 'en' }]);
    expect(unread()).toBe(1);
    expect(screen.getByTestId('inbox-unread-summary')).toHaveTextContent('1 unread message');
    expect(rows()[0]).not.toHaveAttribute('data-unread');

    // A portal link inside the body goes through the router (keeps the language, no page reload).
    await user.click(within(dialog).getByRole('link', { name: 'Manage my bills' }));
    expect(router.push).toHaveBeenCalledWith('/my-account/manage-my-bills');

    await user.click(within(dialog).getByRole('button', { name: 'Close message' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // Closing takes that history entry back off.
    expect(router.back).toHaveBeenCalledTimes(1);

    // Opening a read message again does not lower the count a second time.
    await user.click(rows()[0]!);
    await screen.findByRole('dialog', { name: 'Your e-bill for October 2026 is ready' });
    expect(unread()).toBe(1);
  });

  it('opens the focused message with Enter', async () => {
    listHandler();
    record(COUNT, () => 2);
    record(CONTENT, () => messageFor(ITEMS[1]!));
    const user = userEvent.setup();
    renderInbox();
    await screen.findByRole('list', { name: 'Messages' });
    act(() => rows()[1]!.focus());
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('dialog', { name: 'Toner shipment dispatched' })).toBeInTheDocument();
  });

  it('shows the message beside the list on desktops and moves focus to its heading', async () => {
    setViewport('desktop');
    listHandler();
    record(COUNT, () => 2);
    record(CONTENT, () => messageFor(ITEMS[2]!));
    const user = userEvent.setup();
    renderInbox();

    const panel = await screen.findByTestId('inbox-panel');
    expect(within(panel).getByText('Select a message to read it.')).toBeInTheDocument();
    await user.click((await screen.findAllByTestId('inbox-item'))[2]!);
    const heading = await within(panel).findByRole('heading', { level: 2, name: 'Price adjustment notice' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(rows()[2]).toHaveAttribute('aria-current', 'true');
    // It was already read: the count stays.
    expect(unread()).toBe(2);
  });

  it('marks all as read: the count goes to 0, the list reloads, and the button is disabled', async () => {
    const listCalls = listHandler();
    record(COUNT, () => 2);
    const markCalls = record(MARK_ALL, () => ({ updated: 2 }));
    const user = userEvent.setup();
    renderInbox();
    await screen.findByRole('list', { name: 'Messages' });

    // After marking, the server answers the list with everything read, and the count with 0.
    server.use(apiSuccess(LIST, { items: ITEMS.map((i) => ({ ...i, isRead: true })), total: 3 }));
    record(COUNT, () => 0);
    const button = screen.getByRole('button', { name: 'Mark all as read' });
    expect(button).toBeEnabled();
    await user.click(button);

    expect(await screen.findByText('2 messages marked as read.')).toBeInTheDocument();
    expect(markCalls).toEqual([{}]);
    expect(unread()).toBe(0);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Mark all as read' })).toBeDisabled());
    expect(rows().every((r) => !r.hasAttribute('data-unread'))).toBe(true);
    expect(screen.getByTestId('inbox-unread-summary')).toHaveTextContent('No unread messages');
    expect(listCalls).toHaveLength(1);
  });

  it('disables "mark all as read" when nothing is unread', async () => {
    listHandler(ITEMS.map((i) => ({ ...i, isRead: true })));
    record(COUNT, () => 0);
    renderInbox();
    await screen.findByRole('list', { name: 'Messages' });
    expect(screen.getByRole('button', { name: 'Mark all as read' })).toBeDisabled();
  });

  it('searches by title after a pause in typing, from page 1', async () => {
    const many = Array.from({ length: 12 }, (_, i) => ({ ...ITEMS[2]!, id: id(100 + i), title: i % 2 ? `Toner notice ${i}` : `Billing notice ${i}` }));
    const listCalls = listHandler(many);
    record(COUNT, () => 0);
    const user = userEvent.setup();
    renderInbox();
    await screen.findByRole('list', { name: 'Messages' });

    await user.click(screen.getByRole('button', { name: 'Go to next page' }));
    await waitFor(() => expect(listCalls.at(-1)).toEqual({ page: 2, pageSize: 10, lang: 'en' }));
    await screen.findByText('11–12 of 12');

    await user.type(screen.getByRole('searchbox', { name: 'Search by title' }), 'toner');
    await waitFor(() => expect(listCalls.at(-1)).toEqual({ page: 1, pageSize: 10, lang: 'en', search: 'toner' }));
    // One request for the whole word, not one per key press.
    expect(listCalls.filter((b) => b.search !== undefined)).toHaveLength(1);
    await screen.findByText('1–6 of 6');

    await user.clear(screen.getByRole('searchbox', { name: 'Search by title' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search by title' }), 'no such thing');
    expect(await screen.findByText('No message titles contain “no such thing”', {}, { timeout: SEARCH_DEBOUNCE_MS * 5 })).toBeInTheDocument();
  });

  it('the search field has one clear button, its own labelled one: the browser’s built-in × of a search input is hidden', async () => {
    listHandler(ITEMS);
    record(COUNT, () => 0);
    const user = userEvent.setup();
    renderInbox();
    const field = await screen.findByRole('searchbox', { name: 'Search by title' });
    await user.type(field, 'toner');
    expect(screen.getByRole('button', { name: 'Clear search' })).toBeInTheDocument();
    // The rule that hides the native ×, on a class of the field's own root.
    // Emotion inserts its rules through the CSSOM (insertRule), not as text.
    const css = Array.from(document.styleSheets, (sheet) => Array.from(sheet.cssRules, (r) => r.cssText).join('\n')).join('\n');
    const root = field.closest('.MuiTextField-root')!;
    const hidden = Array.from(root.classList).some((cls) => new RegExp(`\\.${cls}[^{}]*::-webkit-search-cancel-button\\s*\\{[^}]*display:\\s*none`).test(css));
    expect(hidden).toBe(true);
    // Clearing empties the field and leaves the focus in it: the button goes with the text (the focus went to the body).
    await user.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(field).toHaveValue('');
    expect(screen.queryByRole('button', { name: 'Clear search' })).not.toBeInTheDocument();
    expect(field).toHaveFocus();
  });

  it('shows an empty state when there are no messages', async () => {
    listHandler([]);
    record(COUNT, () => 0);
    renderInbox();
    expect(await screen.findByRole('heading', { name: 'No messages yet' })).toBeInTheDocument();
    expect(screen.queryByText('Rows per page')).not.toBeInTheDocument();
  });

  it('shows an error with a retry button when the list cannot be loaded', async () => {
    server.use(apiError(LIST, 'SERVICE_UNAVAILABLE', { status: 503 }));
    record(COUNT, () => 2);
    const user = userEvent.setup();
    renderInbox();

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading', { name: 'The messages could not be loaded.' })).toBeInTheDocument();
    listHandler();
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('list', { name: 'Messages' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('opens the message of a deep link (?id=) and asks for the count when it is not on the page', async () => {
    listHandler();
    const countCalls = record(COUNT, () => 1);
    const deepId = id(99);
    record(CONTENT, (body) => ({ ...messageFor(ITEMS[0]!), id: body.id as string, title: 'Scheduled maintenance visit' }));
    renderInbox({ router: { query: { ucpid: 'UCP-TEST', id: deepId }, asPath: `/inbox?ucpid=UCP-TEST&id=${deepId}` } });

    expect(await screen.findByRole('dialog', { name: 'Scheduled maintenance visit' })).toBeInTheDocument();
    // Once on opening the screen, once more after the message was read.
    await waitFor(() => expect(countCalls).toHaveLength(2));
    await waitFor(() => expect(unread()).toBe(1));
  });

  it('says so when a message is not available (another customer, or gone)', async () => {
    listHandler();
    record(COUNT, () => 2);
    server.use(apiError(CONTENT, 'NOT_FOUND', { status: 404 }));
    renderInbox({ router: { query: { id: id(77) } } });
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('This message is not available. It may belong to another customer account.')).toBeInTheDocument();
    expect(unread()).toBe(2);
  });

  it('asks for and shows messages in Traditional Chinese on the tc locale', async () => {
    const listCalls = listHandler([{ ...ITEMS[0]!, title: '2026年10月份電子帳單已備妥' }]);
    record(COUNT, () => 1);
    renderInbox({ locale: 'tc' });
    expect(screen.getByTestId('inbox-loading')).toHaveTextContent('載入中');
    const list = await screen.findByRole('list', { name: '訊息' });
    expect(within(list).getByTestId('inbox-item')).toHaveAccessibleName(expect.stringContaining('未讀: 2026年10月份電子帳單已備妥'));
    expect(within(list).getByText('帳單')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: '收件匣' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '全部標示為已讀' })).toBeEnabled();
    expect(listCalls[0]).toEqual({ page: 1, pageSize: 10, lang: 'tc' });
    await act(async () => undefined);
  });
});
