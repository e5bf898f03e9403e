import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { BuilderAddScreen, BuilderEditScreen, BuilderListScreen, BuilderViewScreen } from '@/components/admin/inboxBuilder/BuilderScreens';
import { inboxBuilderContract } from '@/lib/inboxBuilder/contract';
import type { BuilderMessage } from '@/lib/inboxBuilder/schemas';
import { endpointError, endpointSuccess } from '../testUtils/handlers';
import { renderWithProviders } from '../testUtils/render';
import { server } from '../testUtils/server';
import { builderDraft, MESSAGE_ID } from './fixtures';

const ID = MESSAGE_ID;
const { getMessage, sendMessage, createMessage, audienceOptions, listMessages } = inboxBuilderContract.endpoints;

const draft = (over: Partial<BuilderMessage> = {}): BuilderMessage => builderDraft({ customers: [{ id: 'UCP100001', nameEn: 'Harbour Trading Ltd', nameZh: '海港貿易有限公司' }], ...over });

describe('build inbox message screens', () => {
  it('a draft: staff with write send it now; the body names the message and the version shown', async () => {
    const bodies: unknown[] = [];
    server.use(
      endpointSuccess(getMessage, draft()),
      endpointSuccess(sendMessage, (body) => {
        bodies.push(body);
        return { id: ID, status: 'scheduled' as const, sendTime: '2026-11-24T01:00:00.000Z' };
      }),
    );
    renderWithProviders(<BuilderViewScreen />, { functionCodes: ['build_inbox_message_write'], router: { query: { id: ID } } });
    expect(await screen.findByRole('heading', { name: 'Christmas service hours', level: 1 }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByText(/UCP100001 · Harbour Trading Ltd/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Edit draft' })).toHaveAttribute('href', `/admin-controls/build-inbox-message/edit/${ID}`);
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('The message is scheduled. It is delivered at its send time.')).toBeInTheDocument();
    // updatedAt: the server refuses (409) if the message changed after this page loaded it.
    expect(bodies).toEqual([{ id: ID, updatedAt: '2026-11-20T02:00:00.000Z' }]);
  }, 30_000);

  // QA: the view page said "Send this message" twice, as the card's title and again as the radio group's legend.
  it('the send card says "Send this message" once, as its title; the now / later choice is named by that title', async () => {
    server.use(endpointSuccess(getMessage, draft()));
    renderWithProviders(<BuilderViewScreen />, { functionCodes: ['build_inbox_message_write'], router: { query: { id: ID } } });
    const heading = await screen.findByRole('heading', { name: 'Send this message', level: 2 }, { timeout: 5000 });
    expect(screen.getAllByText('Send this message')).toHaveLength(1);
    const choice = screen.getByRole('radiogroup', { name: 'Send this message' });
    expect(choice).toHaveAttribute('aria-labelledby', heading.id);
    expect(screen.getByRole('radio', { name: 'Send now' })).toBeChecked();
  }, 30_000);

  it('send now with a quick delivery: the confirmation stays when the message turns sent and the panel goes', async () => {
    let sent = false;
    server.use(
      endpointSuccess(getMessage, () =>
        sent ? draft({ status: 'sent', sendTime: '2026-11-24T01:00:00.000Z', deliveredAt: '2026-11-24T01:00:02.000Z', recipients: 1, readCount: 0 }) : draft(),
      ),
      endpointSuccess(sendMessage, () => {
        // The delivery job is quicker than the refetch the mutation triggers: the next read is already `sent`.
        sent = true;
        return { id: ID, status: 'scheduled' as const, sendTime: '2026-11-24T01:00:00.000Z' };
      }),
    );
    renderWithProviders(<BuilderViewScreen />, { functionCodes: ['build_inbox_message_write'], router: { query: { id: ID } } });
    await userEvent.click(await screen.findByRole('button', { name: 'Send' }, { timeout: 5000 }));
    expect(await screen.findByText(/^Sent .* to 1 recipient\.$/, {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send' })).not.toBeInTheDocument();
    // It stays: it is the message's state, not a passing toast.
    await new Promise((r) => setTimeout(r, 300));
    expect(screen.getByText(/^Sent .* to 1 recipient\.$/)).toBeInTheDocument();
  }, 30_000);

  it('a sent message is read-only with its read count, also in Chinese; read-only staff get no controls', async () => {
    server.use(endpointSuccess(getMessage, draft({ status: 'sent', sendTime: '2026-11-20T02:00:00.000Z', recipients: 12, readCount: 5 })));
    renderWithProviders(<BuilderViewScreen />, { locale: 'tc', functionCodes: ['build_inbox_message_read'], router: { query: { id: ID } } });
    expect(await screen.findByRole('heading', { name: '聖誕節服務時間', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('12 人中 5 人已讀')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '發送' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: '編輯草稿' })).not.toBeInTheDocument();
  });

  it('a message that does not exist shows not found', async () => {
    server.use(endpointError(getMessage, 'NOT_FOUND', { status: 404 }));
    renderWithProviders(<BuilderViewScreen />, { functionCodes: ['build_inbox_message_read'], router: { query: { id: ID } } });
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Christmas service hours')).not.toBeInTheDocument());
  });

  it('add: checks the form, then saves a draft for all customer users and opens it', async () => {
    const bodies: unknown[] = [];
    server.use(
      endpointSuccess(audienceOptions, { customers: [], groups: [] }),
      endpointSuccess(createMessage, (body) => {
        bodies.push(body);
        return { id: ID };
      }),
    );
    const { router } = renderWithProviders(<BuilderAddScreen />, { functionCodes: ['build_inbox_message_write'] });
    await userEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    expect((await screen.findAllByText('Enter a title in at least one language.')).length).toBeGreaterThan(0);
    expect(bodies).toHaveLength(0);
    await userEvent.type(screen.getByLabelText('Title (English)'), 'Typhoon arrangements');
    await userEvent.type(screen.getByLabelText('Message (English)'), 'Deliveries resume when signal no. 8 is lowered.');
    await userEvent.click(screen.getByLabelText('All customer users'));
    await userEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toMatchObject({ titleEn: 'Typhoon arrangements', audience: 'all_customers', notifyByEmail: true, category: 'service' });
    await waitFor(() => expect(router.push).toHaveBeenCalledWith(`/admin-controls/build-inbox-message/view/${ID}`));
  }, 60_000);

  // QA: a title with a long word (a URL, a 150-character reference) pushed the language card wider than a phone; the
  // title and the body were cut off at the card's edge.
  it('a long word in a title wraps in the language cards, like the body', async () => {
    const long = `See https://www.pacific-imaging.example.hk/${'x'.repeat(150)}`;
    server.use(endpointSuccess(getMessage, draft({ titleEn: long, titleZh: long })));
    renderWithProviders(<BuilderViewScreen />, { functionCodes: ['build_inbox_message_read'], router: { query: { id: ID } } });
    const title = await screen.findByTestId('preview-title-en', {}, { timeout: 5000 });
    expect(title).toHaveTextContent(long);
    expect(title).toHaveStyle({ overflowWrap: 'anywhere' });
    expect(screen.getByTestId('preview-title-tc')).toHaveStyle({ overflowWrap: 'anywhere' });
  });

  // QA: the list kept each title on one line like an identifier: a long title pushed Send time and Status off the
  // screen (on a 1366-pixel window too).
  it('the list wraps a long title instead of pushing the other columns off the screen', async () => {
    const title = 'Scheduled maintenance visit on 10 December 2026: please keep the printer room open between 10 am and 1 pm';
    server.use(endpointSuccess(listMessages, { items: [{ ...draft({ titleEn: title }) }], total: 1 }));
    renderWithProviders(<BuilderListScreen />, { functionCodes: ['build_inbox_message_read'] });
    const link = await screen.findByRole('link', { name: title }, { timeout: 5000 });
    expect(link).toHaveStyle({ whiteSpace: 'normal' });
    expect(link).not.toHaveStyle({ whiteSpace: 'nowrap' });
  });
});

// QA: `/admin-controls/build-inbox-message/edit/abc` said a generic "Not found / This record does not exist…", where every
// other area names what was not found ("Offer not found").
describe('a message that does not exist', () => {
  it.each([
    ['edit, en', BuilderEditScreen, 'en', 'VALIDATION', 'Message not found', 'There is no composed inbox message with this ID.'],
    ['view, en', BuilderViewScreen, 'en', 'NOT_FOUND', 'Message not found', 'There is no composed inbox message with this ID.'],
    ['edit, tc', BuilderEditScreen, 'tc', 'NOT_FOUND', '找不到訊息', '沒有此編號的已撰寫收件匣訊息。'],
  ] as const)('%s: says a message was not found, in its own words', async (_name, Screen, locale, code, title, body) => {
    server.use(endpointError(getMessage, code, { status: code === 'NOT_FOUND' ? 404 : 400 }));
    renderWithProviders(<Screen />, { locale, functionCodes: ['build_inbox_message_write'], router: { query: { id: 'abc' } } });
    expect(await screen.findByRole('heading', { level: 1, name: title }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByText(body)).toBeInTheDocument();
    expect(screen.queryByText('Not found')).toBeNull();
  }, 30_000);
});
