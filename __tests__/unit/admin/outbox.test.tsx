import { screen, within } from '@testing-library/react';
import { OutboxScreen } from '@/components/admin/outbox/OutboxScreen';
import { mailContract } from '@/lib/mail/contract';
import type { OutboxListItem } from '@/lib/mail/schemas';
import { endpointSuccess } from '../testUtils/handlers';
import { renderWithProviders } from '../testUtils/render';
import { server } from '../testUtils/server';
import { mockViewportWidth } from '../common/viewport';

const mail: OutboxListItem = {
  id: 'm1',
  toAddress: 'accounts@harbourview.example.hk',
  subject: 'Your e-bill for October 2026 is ready',
  template: 'notification',
  locale: 'en',
  status: 'sent',
  attempts: 1,
  lastError: null,
  createdAt: '2026-11-01T02:00:00.000Z',
  sentAt: '2026-11-01T02:00:05.000Z',
  nextAttemptAt: null,
};

describe('OutboxScreen on a phone (390 px)', () => {
  let restore: () => void;
  beforeEach(() => {
    restore = mockViewportWidth(390);
  });
  afterEach(() => restore());

  it.each(['en', 'tc'] as const)('shows each mail\'s subject on its card and the current sort in the select (%s)', async (locale) => {
    server.use(endpointSuccess(mailContract.endpoints.listOutbox, { items: [mail], total: 1 }));
    renderWithProviders(<OutboxScreen />, { functionCodes: ['outbox_read'], route: '/admin-controls/outbox', locale });
    const card = (await screen.findByText(mail.subject)).closest('li')!;
    expect(within(card).getByText(mail.toAddress)).toBeInTheDocument();
    expect(within(card).getAllByRole('term').map((el) => el.textContent)).toContain(locale === 'en' ? 'Subject' : '主旨');
    // Newest first, as the server orders it, named in the select rather than an empty box.
    expect(screen.getByRole('combobox', { name: locale === 'en' ? 'Sort order' : '排序' })).toHaveTextContent(locale === 'en' ? /↓ \(sorted descending\)/ : /↓（降序排列）/);
  });
});

describe('OutboxScreen: a sent activation or reset mail', () => {
  it.each([
    ['en', 'The one-time link in this mail is hidden'],
    ['tc', '此電郵的一次性連結已隱藏'],
  ] as const)('says why its link is hidden (%s)', async (locale, note) => {
    const reset: OutboxListItem = { ...mail, id: 'm2', template: 'password_reset', subject: 'Reset your Customer Portal password' };
    server.use(
      endpointSuccess(mailContract.endpoints.listOutbox, { items: [reset], total: 1 }),
      endpointSuccess(mailContract.endpoints.getOutboxMail, { ...reset, textBody: 'token=[hidden]', htmlBody: '<p>token=[hidden]</p>', linkHidden: true }),
    );
    renderWithProviders(<OutboxScreen />, { functionCodes: ['outbox_read'], route: '/admin-controls/outbox', locale });
    (await screen.findAllByText(reset.subject))[0]!.click();
    expect(await screen.findByText(new RegExp(note))).toBeInTheDocument();
  });
});
