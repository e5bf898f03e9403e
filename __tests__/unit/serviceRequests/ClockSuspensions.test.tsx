import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ClockSuspensions } from '@/components/admin/serviceDesk/ClockSuspensions';
import { hkLocalDateTime } from '@/lib/dates/hongKong';
import { serviceDeskContract } from '@/lib/serviceRequests/contract';
import type { AddSuspensionBody, SlaSuspension } from '@/lib/serviceRequests/schemas';
import { endpointSuccess } from '../testUtils/handlers';
import { renderWithProviders, type TestLocale } from '../testUtils/render';
import { fakeDateOnly } from '../testUtils/clock';
import { server } from '../testUtils/server';
import { T8_SPAN } from './suspensionFixtures';

const D = serviceDeskContract.endpoints;
const T8: SlaSuspension = { ...T8_SPAN, id: '5eed0170-0000-4000-8000-000000000001', note: 'T8 hoisted 09:40, lowered 16:20', createdByName: 'Wong Siu Ming', createdAt: '2026-09-16T08:30:00.000Z' };
const older = (n: number): SlaSuspension => ({ ...T8, id: `5eed0170-0000-4000-8000-00000000001${n}`, kind: 'black_rainstorm', note: '', startsAt: `2026-0${n}-10T02:00:00.000Z`, endsAt: `2026-0${n}-10T04:00:00.000Z` });

function desk({ items = [T8], locale = 'en', write = true }: { items?: SlaSuspension[]; locale?: TestLocale; write?: boolean } = {}) {
  const added: AddSuspensionBody[] = [];
  const removed: string[] = [];
  server.use(
    endpointSuccess(D.listSuspensions, { items }),
    endpointSuccess(D.addSuspension, (body) => (added.push(body), { id: 'new', requestsMoved: 3 })),
    endpointSuccess(D.deleteSuspension, (body) => (removed.push(body.id), { id: body.id, requestsMoved: 1 })),
  );
  renderWithProviders(<ClockSuspensions />, { locale, functionCodes: write ? ['service_req_admin_read', 'service_req_admin_write'] : ['service_req_admin_read'], route: '/admin-controls/service-desk' });
  return { added, removed };
}

describe('ClockSuspensions on the service desk', () => {
  // The desk's clock on 1 Oct 2026 (only Date faked): T8 of 16 Sept is 15 days old, still removable.
  beforeEach(() => fakeDateOnly(new Date('2026-10-01T04:00:00Z')));
  afterEach(() => jest.useRealTimers());

  it.each([
    ['en', 'Typhoon Signal No. 8 or above', '16 Sept 2026, 9:40 am to 4:20 pm', 'Recorded by Wong Siu Ming'],
    ['tc', '八號或以上颱風信號', '2026年9月16日 上午9:40 至 下午4:20', '記錄人：Wong Siu Ming'],
  ] as const)('lists each suspension with its reason, Hong Kong times, note and who recorded it (%s)', async (locale, kind, span, by) => {
    desk({ locale });
    const item = within(await screen.findByTestId('suspension-list')).getByRole('listitem');
    expect(item).toHaveTextContent(kind);
    expect(item).toHaveTextContent(span);
    expect(item).toHaveTextContent(T8.note);
    expect(item).toHaveTextContent(by);
  });

  it('shows the latest three, then all of them on request', async () => {
    desk({ items: [T8, older(8), older(7), older(6)] });
    const list = await screen.findByTestId('suspension-list');
    expect(within(list).getAllByRole('listitem')).toHaveLength(3);
    fireEvent.click(screen.getByRole('button', { name: 'Show all (4)' }));
    expect(within(list).getAllByRole('listitem')).toHaveLength(4);
  });

  it('records one typed in Hong Kong time and says how many due times moved', async () => {
    const user = userEvent.setup();
    const { added } = desk({ items: [] });
    expect(await screen.findByText('No suspensions recorded.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Record a suspension' }));
    const dialog = screen.getByRole('dialog', { name: 'Record a clock suspension' });
    const from = hkLocalDateTime(new Date(Date.now() - 3 * 3600_000));
    const to = hkLocalDateTime(new Date(Date.now() - 3600_000));
    await user.click(within(dialog).getByRole('radio', { name: 'Black Rainstorm Warning' }));
    fireEvent.change(within(dialog).getByLabelText(/From \(Hong Kong time\)/), { target: { value: from } });
    fireEvent.change(within(dialog).getByLabelText(/To \(Hong Kong time\)/), { target: { value: to } });
    await user.type(within(dialog).getByLabelText('Note'), 'Black rain over Kowloon');
    await user.click(within(dialog).getByRole('button', { name: 'Record' }));
    expect(await screen.findByText('Suspension recorded: the due times of 3 requests moved.')).toBeInTheDocument();
    expect(added).toEqual([{ kind: 'black_rainstorm', startsAt: `${from}:00+08:00`, endsAt: `${to}:00+08:00`, note: 'Black rain over Kowloon' }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('says on the field what is wrong before sending: an end before the start, one more than 48 hours ahead', async () => {
    const user = userEvent.setup();
    const { added } = desk({ items: [] });
    await user.click(await screen.findByRole('button', { name: 'Record a suspension' }));
    const dialog = screen.getByRole('dialog');
    const from = hkLocalDateTime(new Date(Date.now() - 3600_000));
    fireEvent.change(within(dialog).getByLabelText(/From \(Hong Kong time\)/), { target: { value: from } });
    fireEvent.change(within(dialog).getByLabelText(/To \(Hong Kong time\)/), { target: { value: hkLocalDateTime(new Date(Date.now() - 2 * 3600_000)) } });
    await user.click(within(dialog).getByRole('button', { name: 'Record' }));
    expect(await within(dialog).findByText('The end must be after the start.')).toBeInTheDocument();
    fireEvent.change(within(dialog).getByLabelText(/To \(Hong Kong time\)/), { target: { value: hkLocalDateTime(new Date(Date.now() + 50 * 3600_000)) } });
    await user.click(within(dialog).getByRole('button', { name: 'Record' }));
    expect(await within(dialog).findByText('The end can be at most 48 hours from now.')).toBeInTheDocument();
    expect(added).toEqual([]);
  });

  it('removes one after a confirmation naming it', async () => {
    const user = userEvent.setup();
    const { removed } = desk();
    await user.click(await screen.findByRole('button', { name: 'Remove the suspension from 16 Sept 2026, 9:40 am' }));
    const confirm = screen.getByRole('dialog', { name: 'Remove this suspension?' });
    expect(confirm).toHaveTextContent('Typhoon Signal No. 8 or above, 16 Sept 2026, 9:40 am to 4:20 pm.');
    // Read again after the removal, the list no longer has it (nor its "Remove" button).
    server.use(endpointSuccess(D.listSuspensions, { items: [] }));
    await user.click(within(confirm).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Suspension removed: the due time of 1 request moved back.')).toBeInTheDocument();
    expect(removed).toEqual([T8.id]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(screen.queryByRole('button', { name: /Remove the suspension/ })).not.toBeInTheDocument());
    // The outcome has the focus, not the page's body.
    expect(screen.getByRole('status')).toHaveFocus();
  });

  it('offers no removal of one that started more than 90 days ago (its due times are final)', async () => {
    desk({ items: [T8, older(6)] });
    const [recent, old] = within(await screen.findByTestId('suspension-list')).getAllByRole('listitem');
    expect(within(recent!).getByRole('button', { name: /Remove/ })).toBeInTheDocument();
    expect(within(old!).queryByRole('button', { name: /Remove/ })).toBeNull();
  });

  it('offers neither recording nor removing to a desk reader', async () => {
    desk({ write: false });
    await screen.findByTestId('suspension-list');
    expect(screen.queryByRole('button', { name: 'Record a suspension' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Remove/ })).toBeNull();
  });
});
