/**
 * QA defect: on the edit page of a draft, edits not saved yet were left behind by Send / Schedule (the message went out
 * with the old text, silently). Send on the edit page now checks the form and sends it with the request ("Save and
 * send"): what the staff sees is what is sent, or nothing is.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { BuilderEditScreen, BuilderViewScreen } from '@/components/admin/inboxBuilder/BuilderScreens';
import { inboxBuilderContract } from '@/lib/inboxBuilder/contract';
import type { BuilderMessage } from '@/lib/inboxBuilder/schemas';
import { endpointError, endpointSuccess } from '../testUtils/handlers';
import { renderWithProviders } from '../testUtils/render';
import { server } from '../testUtils/server';
import { builderDraft, MESSAGE_ID } from './fixtures';

const ID = MESSAGE_ID;
const { getMessage, sendMessage, updateMessage, audienceOptions } = inboxBuilderContract.endpoints;

/** The QA case: a draft with a Chinese title only (the English one shows "—"). */
const draft = (over: Partial<BuilderMessage> = {}): BuilderMessage => builderDraft({ titleEn: '', ...over });

/** Records what reaches the send and save endpoints. */
function recordWrites() {
  const sent: unknown[] = [];
  const saved: unknown[] = [];
  let state = draft();
  server.use(
    endpointSuccess(getMessage, () => state),
    endpointSuccess(audienceOptions, { customers: [], groups: [] }),
    endpointSuccess(updateMessage, (body) => {
      saved.push(body);
      return { id: ID };
    }),
    endpointSuccess(sendMessage, (body) => {
      sent.push(body);
      state = draft({ titleEn: body.draft?.titleEn ?? state.titleEn, status: 'scheduled', sendTime: '2030-01-02T02:30:00.000Z' });
      return { id: ID, status: 'scheduled' as const, sendTime: '2030-01-02T02:30:00.000Z' };
    }),
  );
  return { sent, saved };
}

const renderEdit = () => renderWithProviders(<BuilderEditScreen />, { functionCodes: ['build_inbox_message_write'], router: { query: { id: ID } } });

describe('build inbox message: sending from the edit page', () => {
  it('an edit not saved yet is sent with the message: "Save and send" with a scheduled time sends the form as it stands', async () => {
    const { sent, saved } = recordWrites();
    renderEdit();
    const titleEn = await screen.findByLabelText('Title (English)', {}, { timeout: 5000 });
    await userEvent.type(titleEn, 'Christmas service hours');
    await userEvent.click(screen.getByLabelText('Schedule for'));
    fireEvent.change(screen.getByLabelText('Send at (Hong Kong time)'), { target: { value: '2030-01-02T10:30' } });
    expect(screen.getByText('The message is saved as it stands above, then sent: what you see is what is sent.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Save and send' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({
      id: ID,
      sendAt: '2030-01-02T10:30:00+08:00',
      draft: { titleEn: 'Christmas service hours', titleZh: '聖誕節服務時間', audience: 'customers', customerIds: ['UCP100001'], category: 'service' },
      // The version the form's values came from: a colleague's save since then is refused, not overwritten and sent.
      updatedAt: draft().updatedAt,
    });
    // One request saves and schedules: no separate save that could succeed while the send fails, or the reverse.
    expect(saved).toHaveLength(0);
    // The page now shows the message as scheduled, with the English title that was typed.
    expect(await screen.findByText(/The message is scheduled for/, {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Christmas service hours' })).toBeInTheDocument();
  }, 60_000);

  // QA: a body typed without tags is stored as HTML paragraphs; editing it showed "<p>…</p>" in the text box.
  it('the edit form shows a body typed as plain text as it was typed, not as its stored HTML', async () => {
    recordWrites();
    server.use(
      endpointSuccess(getMessage, draft({ bodyEn: '<p>Dear customer,</p><p>Closed &amp; back<br />on 28 Dec.</p>', bodyEnInput: 'Dear customer,\n\nClosed & back\non 28 Dec.' })),
    );
    renderEdit();
    const bodyEn = await screen.findByLabelText('Message (English)', {}, { timeout: 5000 });
    expect(bodyEn).toHaveValue('Dear customer,\n\nClosed & back\non 28 Dec.');
    expect(screen.getByLabelText('Message (Traditional Chinese)')).toHaveValue('熱線於12月24日下午1時停止服務。');
  }, 60_000);

  it('a form that does not pass its checks sends nothing and says why', async () => {
    const { sent } = recordWrites();
    renderEdit();
    await userEvent.clear(await screen.findByLabelText('Title (Traditional Chinese)', {}, { timeout: 5000 }));
    await userEvent.click(screen.getByRole('button', { name: 'Save and send' }));
    expect(await screen.findByText('Nothing was saved or sent. Correct the marked fields of the message above, then send again.')).toBeInTheDocument();
    expect((await screen.findAllByText('Enter a title in at least one language.')).length).toBeGreaterThan(0);
    await new Promise((r) => setTimeout(r, 200));
    expect(sent).toHaveLength(0);
  }, 60_000);

  it('a draft the server refuses (the provider party as recipient) shows the error on its field; nothing is reported sent', async () => {
    server.use(
      endpointSuccess(getMessage, draft({ titleEn: 'Christmas service hours', customers: [{ id: 'PROVIDER', nameEn: 'Pacific Imaging Services Ltd', nameZh: '太平洋影像服務有限公司' }] })),
      endpointSuccess(audienceOptions, { customers: [], groups: [] }),
      endpointError(sendMessage, 'VALIDATION', { fields: { 'draft.customerIds': ['inbox-builder:validation.providerNotCustomer'] } }),
    );
    renderEdit();
    await userEvent.click(await screen.findByRole('button', { name: 'Save and send' }, { timeout: 5000 }));
    expect(await screen.findByText('Nothing was saved or sent. Correct the marked fields of the message above, then send again.')).toBeInTheDocument();
    const customers = screen.getByRole('combobox', { name: 'Customers' });
    await waitFor(() => expect(customers).toHaveAccessibleDescription("The provider's own party is not a customer. Choose customers only."));
    expect(screen.queryByText('The message is scheduled. It is delivered at its send time.')).not.toBeInTheDocument();
  }, 60_000);

  it('the view page: a message changed since it was shown is not sent, and the page says so', async () => {
    server.use(endpointSuccess(getMessage, draft({ titleEn: 'Christmas service hours' })), endpointError(sendMessage, 'CONFLICT', { status: 409 }));
    renderWithProviders(<BuilderViewScreen />, { functionCodes: ['build_inbox_message_write'], router: { query: { id: ID } } });
    const panel = await screen.findByRole('button', { name: 'Send' }, { timeout: 5000 });
    await userEvent.click(panel);
    const alert = await screen.findByText(/^Nothing was sent: the message was changed after you opened it/);
    expect(within(alert.closest('[role="alert"]')!).queryByText(/already been submitted/)).not.toBeInTheDocument();
  }, 60_000);

  it('"Save draft": the server\'s field errors, named by their path in the body (draft.titleEn), show under the form\'s fields', async () => {
    recordWrites();
    server.use(endpointError(updateMessage, 'VALIDATION', { fields: { 'draft.titleEn': ['ui.validation.invalid'], customerIds: ['inbox-builder:validation.unknownCustomer'] } }));
    renderEdit();
    const titleEn = await screen.findByLabelText('Title (English)', {}, { timeout: 5000 });
    await userEvent.type(titleEn, 'Christmas service hours');
    await userEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(titleEn).toHaveAttribute('aria-invalid', 'true'));
    expect(titleEn).toHaveAccessibleDescription(expect.stringContaining('This value is not valid.'));
    // And in the error summary, by the field's name; a path the service already gives unprefixed stays as it is.
    const summary = within(screen.getByTestId('form-error-summary'));
    expect(summary.getByRole('button', { name: 'Title (English): This value is not valid.' })).toBeInTheDocument();
    expect(summary.getAllByRole('button')).toHaveLength(2);
  }, 60_000);
});
