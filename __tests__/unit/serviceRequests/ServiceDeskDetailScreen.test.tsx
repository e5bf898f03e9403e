import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ServiceDeskDetailScreen } from '@/components/admin/serviceDesk/ServiceDeskDetailScreen';
import { ServiceRequestDetailScreen } from '@/components/serviceRequests/ServiceRequestDetailScreen';
import { serviceDeskContract, serviceRequestsContract } from '@/lib/serviceRequests/contract';
import type { ServiceDeskDetail } from '@/lib/serviceRequests/schemas';
import { endpointSuccess } from '../testUtils/handlers';
import { renderWithProviders, type TestLocale } from '../testUtils/render';
import { server } from '../testUtils/server';
import { T8_SPAN } from './suspensionFixtures';

const D = serviceDeskContract.endpoints;
const ID = '5eed0160-0000-4000-8000-000000000001';
const HOUR = 3600_000;
const CONTRACT_ID = '5eed0020-0000-4000-8000-000000000007';
/** HK wall-clock of an instant as the datetime-local field takes it. */
const hkLocal = (ms: number) => new Date(ms + 8 * HOUR).toISOString().slice(0, 16);

/** A request just acknowledged, due in two hours (the clock of the test is the real one: the form checks with it). */
function request(overrides: Partial<ServiceDeskDetail> = {}): ServiceDeskDetail {
  const now = Date.now();
  return {
    id: ID,
    reference: 'SR-2026-000101',
    machine: { id: 'm1', serialNo: 'JPBCN8K1Q7', modelCode: 'M611', modelNameEn: 'HP LaserJet M611dn', modelNameZh: 'HP LaserJet M611dn', isColour: false, locationEn: 'Accounts', locationZh: '會計部', addressEn: '', addressZh: '' },
    category: 'print_quality',
    status: 'acknowledged',
    engineerName: null,
    etaAt: null,
    sla: { responseHours: 8, dueAt: new Date(now + 2 * HOUR).toISOString(), state: 'running', respondedAt: null },
    createdAt: new Date(now - HOUR).toISOString(),
    updatedAt: new Date(now - HOUR).toISOString(),
    contractId: CONTRACT_ID,
    contractNo: 'CT-2022-00412',
    errorCode: '',
    description: 'Faint grey streaks down the left side.',
    photo: null,
    contactName: 'Chan Tai Man',
    contactPhone: '+852 2345 6789',
    visitWindows: [],
    engineerPhone: null,
    acknowledgedAt: new Date(now - HOUR / 2).toISOString(),
    resolvedAt: null,
    closedAt: null,
    cancelledAt: null,
    resolutionNotes: null,
    cancelReason: null,
    reopenCount: 0,
    rating: null,
    ratingComment: null,
    reopenUntil: null,
    version: 2,
    actions: ['assign', 'resolve'],
    ucpId: 'UCP100001',
    customerNameEn: 'Harbour View Trading Company Limited',
    customerNameZh: '海景貿易有限公司',
    reportedBy: { name: 'Chan Tai Man', loginId: 'customer@demo.hk' },
    timeline: [],
    clockSuspensions: [],
    ...overrides,
  } as ServiceDeskDetail;
}

const router = { pathname: '/admin-controls/service-desk/view/[id]', query: { id: ID }, isReady: true };
const codes = ['service_req_admin_read', 'service_req_admin_write'] as const;

async function openAssign(locale: TestLocale = 'en') {
  const user = userEvent.setup();
  renderWithProviders(<ServiceDeskDetailScreen />, { router, locale, functionCodes: [...codes] });
  await user.click(await screen.findByRole('button', { name: locale === 'en' ? 'Assign engineer' : '指派工程師' }, { timeout: 5000 }));
  const dialog = screen.getByRole('dialog');
  const eta = within(dialog).getByLabelText(locale === 'en' ? /Expected arrival/ : /預計到達時間/);
  return { user, dialog, eta };
}

describe('ServiceDeskDetailScreen: assign engineer', () => {
  it("the action dialog stacks its content from the top (full screen on a phone, rows were stretched to the screen's height)", async () => {
    server.use(endpointSuccess(D.get, () => request()));
    const { dialog } = await openAssign();
    expect(dialog.querySelector('.MuiDialogContent-root')).toHaveStyle({ display: 'grid', alignContent: 'start' });
  });

  it('refuses an arrival more than 30 days ahead before sending (2099 typed for 2026), and says the limit', async () => {
    let sent = 0;
    server.use(
      endpointSuccess(D.get, () => request()),
      endpointSuccess(D.assignEngineer, () => (sent++, request())),
    );
    const { user, dialog, eta } = await openAssign();
    expect(eta).toHaveAttribute('max', expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/));
    expect(within(dialog).getByText(/At most 30 days ahead/)).toBeInTheDocument();
    await user.type(dialog.querySelector<HTMLInputElement>('input[name="engineerName"]')!, 'QA Engineer');
    fireEvent.change(eta, { target: { value: '2099-12-31T23:59' } });
    await user.click(within(dialog).getByRole('button', { name: 'Assign' }));
    expect((await within(dialog).findAllByText('The arrival time can be at most 30 days ahead.')).length).toBeGreaterThan(0);
    expect(sent).toBe(0);
  });

  it('warns (and still allows) an arrival after the SLA due time, not one before it', async () => {
    server.use(endpointSuccess(D.get, () => request()));
    const { dialog, eta } = await openAssign();
    fireEvent.change(eta, { target: { value: hkLocal(Date.now() + HOUR) } });
    expect(within(dialog).queryByTestId('eta-after-due')).not.toBeInTheDocument();
    fireEvent.change(eta, { target: { value: hkLocal(Date.now() + 26 * HOUR) } });
    expect(await within(dialog).findByTestId('eta-after-due')).toHaveTextContent(/after the engineer due time under the service level .*: the response will count as late/);
    expect(within(dialog).getByRole('button', { name: 'Assign' })).toBeEnabled();
  });

  it('warns in Chinese too', async () => {
    server.use(endpointSuccess(D.get, () => request()));
    const { dialog, eta } = await openAssign('tc');
    fireEvent.change(eta, { target: { value: hkLocal(Date.now() + 26 * HOUR) } });
    expect(await within(dialog).findByTestId('eta-after-due')).toHaveTextContent(/遲於服務水平的工程師最遲到達時間/);
  });
});

describe('ServiceDeskDetailScreen: after a step', () => {
  it('its confirmation takes the focus from the step’s button, which the next status no longer offers', async () => {
    const user = userEvent.setup();
    let acknowledged = false;
    const asFiled = { status: 'submitted', acknowledgedAt: null, actions: ['acknowledge', 'assign'] } as Partial<ServiceDeskDetail>;
    server.use(
      endpointSuccess(D.get, () => request(acknowledged ? {} : asFiled)),
      endpointSuccess(D.acknowledge, () => ((acknowledged = true), request())),
    );
    renderWithProviders(<ServiceDeskDetailScreen />, { router, functionCodes: [...codes] });
    await user.click(await screen.findByRole('button', { name: 'Acknowledge' }, { timeout: 5000 }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Acknowledge' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Acknowledge' })).not.toBeInTheDocument());
    expect(screen.getByRole('status')).toHaveTextContent('Acknowledged. The customer was told.');
    expect(screen.getByRole('status')).toHaveFocus();
  });
});

describe('the SLA section: whose contract', () => {
  it.each([
    ['en', "Response time under the customer's contract", 'Response time under your contract'],
    ['tc', '客戶合約的回應時間', '您合約的回應時間'],
  ] as const)('the desk (%s) reads the customer’s contract, not "your" contract', async (locale, staff, customer) => {
    server.use(endpointSuccess(D.get, () => request()));
    renderWithProviders(<ServiceDeskDetailScreen />, { router, locale, functionCodes: [...codes] });
    expect(await screen.findByText(staff, {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByText(customer)).not.toBeInTheDocument();
  });

  it.each([
    ['en', 'Response time under your contract'],
    ['tc', '您合約的回應時間'],
  ] as const)('the customer (%s) still reads its own contract', async (locale, customer) => {
    server.use(endpointSuccess(serviceRequestsContract.endpoints.get, () => request()));
    renderWithProviders(<ServiceRequestDetailScreen />, {
      router: { pathname: '/service-requests/[id]', query: { id: ID }, isReady: true },
      locale,
      functionCodes: ['service_req_read'],
    });
    expect(await screen.findByText(customer, {}, { timeout: 5000 })).toBeInTheDocument();
  });
});

// QA (tc, the desk on a phone): the desk read the customer's "We will tell you in your inbox as soon as one is" under
// a request without an engineer, and "Your rating" over the customer's rating.
describe('the status section: the desk is not told what the customer is', () => {
  const customerRoute = { pathname: '/service-requests/[id]', query: { id: ID }, isReady: true };
  const rated = { status: 'closed', engineerName: 'Ho Wai Man', rating: 5, ratingComment: 'Quick', actions: [] } as Partial<ServiceDeskDetail>;

  it.each([
    ['en', 'no engineer yet', {}, 'No engineer assigned yet. The customer is told in their inbox once one is.', 'No engineer assigned yet. We will tell you in your inbox as soon as one is.'],
    ['tc', 'no engineer yet', {}, '尚未指派工程師。指派後客戶會在收件匣收到通知。', '尚未指派工程師。指派後我們會即時以收件匣通知您。'],
    ['en', 'the rating', rated, "Customer's rating", 'Your rating'],
    ['tc', 'the rating', rated, '客戶評分', '您的評分'],
  ] as const)('%s, %s: the desk reads its own words, the customer its own', async (locale, _what, overrides, desk, customer) => {
    server.use(endpointSuccess(D.get, () => request(overrides)), endpointSuccess(serviceRequestsContract.endpoints.get, () => request(overrides)));
    const { unmount } = renderWithProviders(<ServiceDeskDetailScreen />, { router, locale, functionCodes: [...codes] });
    expect(await screen.findByText(desk, {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByText(customer)).not.toBeInTheDocument();
    unmount();
    renderWithProviders(<ServiceRequestDetailScreen />, { router: customerRoute, locale, functionCodes: ['service_req_read'] });
    expect(await screen.findByText(customer, {}, { timeout: 5000 })).toBeInTheDocument();
  });
});

// QA (en and tc, the customer's and the desk's pages): a cancelled request, and one closed after a remote fix, still
// promised an engineer; an on-site step without an arrival time read "expected —"; the "received" banner stayed
// above "Cancelled".
describe('a request that is over: no engineer promised, no stale banner', () => {
  const customerRoute = { pathname: '/service-requests/[id]', query: { id: ID }, isReady: true };
  const over = (status: 'cancelled' | 'closed') => ({ status, actions: [], ...(status === 'cancelled' ? { cancelledAt: new Date().toISOString() } : { closedAt: new Date().toISOString() }) }) as Partial<ServiceDeskDetail>;

  it.each([
    ['en', 'cancelled', 'No engineer was sent.', /We will tell you|The customer is told/],
    ['tc', 'closed', '未有派遣工程師。', /通知/],
  ] as const)('%s, %s without an engineer: both pages say none was sent', async (locale, status, sent, promise) => {
    server.use(endpointSuccess(D.get, () => request(over(status))), endpointSuccess(serviceRequestsContract.endpoints.get, () => request(over(status))));
    const { unmount } = renderWithProviders(<ServiceDeskDetailScreen />, { router, locale, functionCodes: [...codes] });
    expect(await screen.findByText(sent, {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByText(promise)).not.toBeInTheDocument();
    unmount();
    renderWithProviders(<ServiceRequestDetailScreen />, { router: { ...customerRoute, query: { id: ID, created: '1' } }, locale, functionCodes: ['service_req_read'] });
    expect(await screen.findByText(sent, {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByText(promise)).not.toBeInTheDocument();
    // Opened from the report form (?created=1): the "received, an engineer is due" banner is gone once it is over.
    expect(screen.queryByText(/We have received your fault report|我們已收到您的故障報告/)).not.toBeInTheDocument();
  });

  it('keeps the banner while the request is as filed', async () => {
    server.use(endpointSuccess(serviceRequestsContract.endpoints.get, () => request({ status: 'submitted', acknowledgedAt: null, actions: ['cancel'] })));
    renderWithProviders(<ServiceRequestDetailScreen />, { router: { ...customerRoute, query: { id: ID, created: '1' } }, functionCodes: ['service_req_read'] });
    expect(await screen.findByText(/We have received your fault report SR-2026-000101/, {}, { timeout: 5000 })).toBeInTheDocument();
  });

  it.each([
    ['en', 'Engineer: Lam Chi Keung'],
    ['tc', '工程師：Lam Chi Keung'],
  ] as const)('%s: a timeline step with an engineer and no arrival time names the engineer without "expected —"', async (locale, line) => {
    const at = new Date().toISOString();
    const timeline = [{ id: 'e1', kind: 'on_site', status: 'on_site', at, actor: 'staff', actorName: 'Ho Chi Keung', actorLoginId: 'admin@demo.hk', engineerName: 'Lam Chi Keung', etaAt: null, note: '' }];
    server.use(endpointSuccess(D.get, () => request({ status: 'on_site', engineerName: 'Lam Chi Keung', timeline } as Partial<ServiceDeskDetail>)));
    renderWithProviders(<ServiceDeskDetailScreen />, { router, locale, functionCodes: [...codes] });
    expect(await screen.findByText(line, {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByText(/—/, { selector: 'li p' })).not.toBeInTheDocument();
  });
});

// QA (tc, a phone): the desk closed a request just resolved; the customer lost its 7 days to confirm or reopen, and
// nothing on the desk's page said so.
describe("closing a resolved request inside the customer's window", () => {
  const resolved = (untilMs: number) =>
    ({ status: 'resolved', engineerName: 'Lam Chi Keung', resolvedAt: new Date(untilMs - 7 * 24 * HOUR).toISOString(), reopenUntil: new Date(untilMs).toISOString(), actions: ['close'] }) as Partial<ServiceDeskDetail>;

  it.each([
    ['en', /The customer can confirm or reopen this request until .+\. Close it now only if they agree/],
    ['tc', /客戶可於 .+ 前確認或重開此申請。請在客戶同意後才結案/],
  ] as const)('%s: says until when the customer may still confirm or reopen', async (locale, text) => {
    server.use(endpointSuccess(D.get, () => request(resolved(Date.now() + 6 * 24 * HOUR))));
    renderWithProviders(<ServiceDeskDetailScreen />, { router, locale, functionCodes: [...codes] });
    expect(await screen.findByTestId('close-window', {}, { timeout: 5000 })).toHaveTextContent(text);
  });

  it('says nothing once the window has passed', async () => {
    server.use(endpointSuccess(D.get, () => request(resolved(Date.now() - HOUR))));
    renderWithProviders(<ServiceDeskDetailScreen />, { router, functionCodes: [...codes] });
    expect(await screen.findByRole('button', { name: 'Close' }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByTestId('close-window')).toBeNull();
  });
});

describe('the contract number', () => {
  const customerRoute = { pathname: '/service-requests/[id]', query: { id: ID }, isReady: true };

  it.each(['en', 'tc'] as const)('links to the contract’s page for a customer who may open contracts, as on the machine page (%s)', async (locale) => {
    server.use(endpointSuccess(serviceRequestsContract.endpoints.get, () => request()));
    renderWithProviders(<ServiceRequestDetailScreen />, { router: customerRoute, locale, functionCodes: ['service_req_read', 'contract_billing_read'] });
    const link = await screen.findByTestId('contract-link', {}, { timeout: 5000 });
    expect(link).toHaveAttribute('href', `/my-account/contract-billing-schedule/${CONTRACT_ID}`);
    expect(link).toHaveTextContent('CT-2022-00412');
  });

  it('stays text without the contract code, and on the desk (its contract pages are the customer’s)', async () => {
    server.use(endpointSuccess(serviceRequestsContract.endpoints.get, () => request()));
    const { unmount } = renderWithProviders(<ServiceRequestDetailScreen />, { router: customerRoute, functionCodes: ['service_req_read'] });
    expect(await screen.findByText('CT-2022-00412', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByTestId('contract-link')).not.toBeInTheDocument();
    unmount();

    server.use(endpointSuccess(D.get, () => request()));
    renderWithProviders(<ServiceDeskDetailScreen />, { router, functionCodes: [...codes, 'contract_billing_read'] });
    expect(await screen.findByText('CT-2022-00412', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByTestId('contract-link')).not.toBeInTheDocument();
  });
});

describe('the SLA section names the clock suspensions that moved the due time', () => {
  const customerRoute = { pathname: '/service-requests/[id]', query: { id: ID }, isReady: true };

  it.each([
    ['en', 'Typhoon Signal No. 8 or above: 16 Sept 2026, 9:40 am to 4:20 pm', 'The clock stood still while these were in force'],
    ['tc', '八號或以上颱風信號：2026年9月16日 上午9:40 至 下午4:20', '以下警告生效期間暫停計時'],
  ] as const)('to the customer (%s)', async (locale, line, lead) => {
    server.use(endpointSuccess(serviceRequestsContract.endpoints.get, () => request({ clockSuspensions: [T8_SPAN] })));
    renderWithProviders(<ServiceRequestDetailScreen />, { router: customerRoute, locale, functionCodes: ['service_req_read'] });
    const note = await screen.findByTestId('clock-suspensions', {}, { timeout: 5000 });
    expect(note).toHaveTextContent(lead);
    expect(within(note).getByRole('listitem')).toHaveTextContent(line);
  });

  it('and to the desk; none without one', async () => {
    server.use(endpointSuccess(D.get, () => request({ clockSuspensions: [T8_SPAN] })));
    const { unmount } = renderWithProviders(<ServiceDeskDetailScreen />, { router, functionCodes: [...codes] });
    expect(await screen.findByTestId('clock-suspensions', {}, { timeout: 5000 })).toHaveTextContent('Typhoon Signal No. 8 or above: 16 Sept 2026, 9:40 am to 4:20 pm');
    unmount();
    server.use(endpointSuccess(D.get, () => request()));
    renderWithProviders(<ServiceDeskDetailScreen />, { router, functionCodes: [...codes] });
    await screen.findByText('CT-2022-00412', {}, { timeout: 5000 });
    expect(screen.queryByTestId('clock-suspensions')).toBeNull();
  });
});
