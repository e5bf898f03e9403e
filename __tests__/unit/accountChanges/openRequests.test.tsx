/**
 * A change type with a request still open (docs/account-changes.md, "One open request"): the server refuses a second
 * one, so the add-changes page and the forms say so before the customer reads the terms and fills in a form — the
 * seed's Harbour View has a pending billing-address and company-name change, and customer@demo.hk could fill in
 * the whole form (and upload the certificate) only to be told on "Submit".
 */
import { screen, waitFor, within } from '@testing-library/react';
import { AddChangesScreen } from '@/components/accountChanges/AddChangesScreen';
import { AgreementScreen } from '@/components/accountChanges/AgreementScreen';
import { BillingAddressScreen, MachineLocationScreen, TonerAddressScreen, TransferAgreementScreen } from '@/components/accountChanges/ChangeForms';
import { accountChangesContract as C } from '@/lib/accountChanges/contract';
import type { ChangeStatus, ChangeType } from '@/lib/accountChanges/constants';
import type { CustomerChangeListItem, CurrentValues } from '@/lib/accountChanges/schemas';
import type { FunctionCode } from '@/lib/permissions/codes';
import { endpointSuccess, testChangeItem, testChangeMachine, testCustomer } from '../testUtils/handlers';
import { renderWithProviders, text, type TestLocale } from '../testUtils/render';
import { alertLinkClipping } from '../common/viewport';
import { server } from '../testUtils/server';

const BILL_ID = '00000000-0000-4000-8000-000000000101';
const item = (id: string, requestNo: string, type: ChangeType, status: ChangeStatus, machineIds: string[] = [], contractIds: string[] = []): CustomerChangeListItem => ({
  ...testChangeItem({ id, requestNo, type, status }),
  machineIds,
  contractIds,
});
const OPEN = [
  item(BILL_ID, 'ACR-2026-000101', 'bill_addr', 'pending'),
  item('00000000-0000-4000-8000-000000000103', 'ACR-2026-000103', 'machine_loc', 'inProgress'),
  // Approved: applied already, so it holds nothing (only an approved transfer still does).
  item('00000000-0000-4000-8000-000000000105', 'ACR-2026-000105', 'rec_hardcopy', 'approved'),
];
const WRITE: FunctionCode[] = ['ac_chg_comp_name_write', 'ac_chg_bill_addr_write', 'ac_chg_machine_loc_write', 'ac_chg_rec_hardcopy_write'];
const ac = (locale: TestLocale, key: string, vars: Record<string, string> = {}) =>
  Object.entries(vars).reduce((s, [k, v]) => s.replace(`{{${k}}}`, v), text(locale, `accountChanges:${key}`));
const startLink = (locale: TestLocale, type: ChangeType) => screen.queryByRole('link', { name: `${ac(locale, 'add.start')}: ${ac(locale, `types.${type}`)}` });
const cardOf = (locale: TestLocale, type: ChangeType) => screen.getByRole('heading', { name: ac(locale, `types.${type}`) }).closest('li') as HTMLElement;

function current(writable: ChangeType[]): CurrentValues {
  const { ucpId: _u, isProvider: _p, customerNos: _c, ...customer } = testCustomer();
  return { customer, machines: [], contracts: [], writable };
}

describe.each(['en', 'tc'] as const)('add-changes with open requests (%s)', (locale) => {
  it('a whole-customer type with an open request names it, links to it and offers no "Start"; a machine type still starts', async () => {
    server.use(endpointSuccess(C.endpoints.listRequests, { items: OPEN, total: OPEN.length }));
    renderWithProviders(<AddChangesScreen />, { locale, functionCodes: WRITE, router: { pathname: '/customer-support/account-info-update/add-changes' } });

    const bill = within(cardOf(locale, 'bill_addr'));
    expect(await bill.findByTestId('open-bill_addr')).toHaveTextContent(ac(locale, 'validation.alreadyPending', { requestNo: 'ACR-2026-000101' }));
    expect(bill.getByRole('link', { name: ac(locale, 'add.viewRequest', { requestNo: 'ACR-2026-000101' }) })).toHaveAttribute(
      'href',
      expect.stringMatching(new RegExp(`/customer-support/account-info-update\\?request=${BILL_ID}$`)),
    );
    expect(startLink(locale, 'bill_addr')).not.toBeInTheDocument();
    // QA (390 px): "View ACR-…" was a text button pulled left by a negative margin, and the alert clipped its first
    // letter (and the left of its focus ring). A plain link now, starting where the text above does, unclipped.
    const view = bill.getByRole('link', { name: ac(locale, 'add.viewRequest', { requestNo: 'ACR-2026-000101' }) });
    expect(view).not.toHaveClass('MuiButton-root');
    expect(alertLinkClipping(view)).toEqual([]);

    // Machines: only the machines the open request names are held, so the type can still be started.
    expect(within(cardOf(locale, 'machine_loc')).getByTestId('open-machine_loc')).toHaveTextContent(ac(locale, 'add.openMachines_one', { requestNos: 'ACR-2026-000103' }));
    expect(startLink(locale, 'machine_loc')).toBeInTheDocument();

    // Nothing open (an approved request holds nothing): as before.
    expect(startLink(locale, 'comp_name')).toBeInTheDocument();
    expect(startLink(locale, 'rec_hardcopy')).toBeInTheDocument();
    expect(screen.queryByTestId('open-rec_hardcopy')).not.toBeInTheDocument();
  });
});

// QA: the page joined several request numbers in its language, but its English still said "Request A and B is still
// open"; the note's text now has a form for one request and one for several (i18next plurals on `count`).
it.each([
  [
    'en',
    'Requests ACR-2026-000103 and ACR-2026-000104 are still open for some of your machines. You can ask for this change for your other machines.',
    'Request ACR-2026-000120 is still open for some of your contracts. You can ask for a transfer of your other contracts.',
  ],
  ['tc', '申請 ACR-2026-000103及ACR-2026-000104 仍在處理您部分機器的更改。您可為其他機器申請此項更改。', '申請 ACR-2026-000120 仍在處理您部分合約的轉讓。您可為其他合約申請轉讓。'],
] as const)('add-changes (%s): the note of several open machine requests reads as several, of one as one', async (locale, machines, contracts) => {
  const open = [
    item('00000000-0000-4000-8000-000000000103', 'ACR-2026-000103', 'machine_loc', 'pending'),
    item('00000000-0000-4000-8000-000000000104', 'ACR-2026-000104', 'machine_loc', 'inProgress'),
    item('00000000-0000-4000-8000-000000000120', 'ACR-2026-000120', 'trans_agree', 'approved'),
  ];
  server.use(endpointSuccess(C.endpoints.listRequests, { items: open, total: open.length }));
  renderWithProviders(<AddChangesScreen />, {
    locale,
    functionCodes: ['ac_chg_machine_loc_write', 'ac_transfer_agreemt_write'],
    router: { pathname: '/customer-support/account-info-update/add-changes' },
  });
  expect(await screen.findByTestId('open-machine_loc')).toHaveTextContent(machines);
  expect(screen.getByTestId('open-trans_agree')).toHaveTextContent(contracts);
});

describe('a form whose type has an open request', () => {
  const formRoute = { pathname: '/customer-support/account-info-update/add-changes/x', query: { accepted: '1' } };

  it.each(['en', 'tc'] as const)('billing address: says which request is waiting instead of a form the server would refuse (%s)', async (locale) => {
    server.use(endpointSuccess(C.endpoints.getCurrent, current(['bill_addr'])), endpointSuccess(C.endpoints.listRequests, { items: OPEN, total: OPEN.length }));
    renderWithProviders(<BillingAddressScreen />, { locale, functionCodes: ['ac_chg_bill_addr_write'], router: formRoute });
    expect(await screen.findByTestId('open-bill_addr')).toHaveTextContent(ac(locale, 'validation.alreadyPending', { requestNo: 'ACR-2026-000101' }));
    expect(screen.getByRole('link', { name: ac(locale, 'add.viewRequest', { requestNo: 'ACR-2026-000101' }) })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: ac(locale, 'form.submit') })).not.toBeInTheDocument();
  });

  // QA: opened without the terms (a bookmark, the browser's history), the form asked the customer to go and read the
  // terms, and only after accepting them said the change could not be sent. The open request now comes first.
  it.each(['en', 'tc'] as const)('billing address opened without the terms: the open request is named, not the terms asked for (%s)', async (locale) => {
    server.use(endpointSuccess(C.endpoints.getCurrent, current(['bill_addr'])), endpointSuccess(C.endpoints.listRequests, { items: OPEN, total: OPEN.length }));
    renderWithProviders(<BillingAddressScreen />, { locale, functionCodes: ['ac_chg_bill_addr_write'], router: { pathname: formRoute.pathname } });
    expect(await screen.findByTestId('open-bill_addr')).toHaveTextContent(ac(locale, 'validation.alreadyPending', { requestNo: 'ACR-2026-000101' }));
    expect(screen.queryByText(ac(locale, 'agreement.required'))).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: ac(locale, 'agreement.goToTerms') })).not.toBeInTheDocument();
  });

  it.each(['en', 'tc'] as const)('the terms of a type with an open request name the request and offer nothing to accept (%s)', async (locale) => {
    server.use(endpointSuccess(C.endpoints.listRequests, { items: OPEN, total: OPEN.length }));
    renderWithProviders(<AgreementScreen />, {
      locale,
      functionCodes: ['ac_chg_bill_addr_write'],
      router: { pathname: '/customer-support/account-info-update/add-changes/agreement', query: { type: 'bill_addr' } },
    });
    expect(await screen.findByTestId('open-bill_addr')).toHaveTextContent(ac(locale, 'validation.alreadyPending', { requestNo: 'ACR-2026-000101' }));
    expect(screen.queryByRole('checkbox', { name: ac(locale, 'agreement.accept') })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: ac(locale, 'agreement.continue') })).not.toBeInTheDocument();
  });

  it('the terms of a type with nothing open still ask to be accepted', async () => {
    server.use(endpointSuccess(C.endpoints.listRequests, { items: OPEN, total: OPEN.length }));
    renderWithProviders(<AgreementScreen />, {
      functionCodes: ['ac_chg_comp_name_write'],
      router: { pathname: '/customer-support/account-info-update/add-changes/agreement', query: { type: 'comp_name' } },
    });
    expect(await screen.findByRole('checkbox', { name: ac('en', 'agreement.accept') })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: ac('en', 'agreement.continue') })).toBeDisabled();
    expect(screen.queryByTestId('open-comp_name')).not.toBeInTheDocument();
  });

  it('machine location: the form stays, with a note of the machines’ open request', async () => {
    server.use(endpointSuccess(C.endpoints.getCurrent, current(['machine_loc'])), endpointSuccess(C.endpoints.listRequests, { items: OPEN, total: OPEN.length }));
    renderWithProviders(<MachineLocationScreen />, { functionCodes: ['ac_chg_machine_loc_write'], router: formRoute });
    expect(await screen.findByTestId('open-machine_loc')).toHaveTextContent(ac('en', 'form.openMachines_one', { requestNos: 'ACR-2026-000103' }));
    expect(await screen.findByRole('button', { name: ac('en', 'form.submit') })).toBeInTheDocument();
  });

  // QA: the note said "still open for some of your machines" without saying which; the customer learnt it from the
  // refusal on "Submit". The machines an open request of the type holds are now marked and cannot be chosen.
  const machine = testChangeMachine;
  const A = '00000000-0000-4000-8000-0000000000a1';
  const B = '00000000-0000-4000-8000-0000000000a2';
  const Z = '00000000-0000-4000-8000-0000000000a3';
  it.each([
    ['en', 'machine_loc', <MachineLocationScreen key="m" />, 'ac_chg_machine_loc_write', 'Requests ACR-2026-000110 and ACR-2026-000111 are still open for the machines marked below', 'In open request ACR-2026-000110: it cannot be chosen until that request has been decided.'],
    ['tc', 'toner_addr', <TonerAddressScreen key="t" />, 'ac_chg_toner_addr_write', '申請 ACR-2026-000110及ACR-2026-000111 仍在處理下列已標示的機器', '已在處理中的申請 ACR-2026-000110 內，該申請有結果前不能選擇。'],
  ] as const)('%s %s: the machines an open request holds are marked with it and cannot be chosen; the others can', async (locale, type, ui, code, note, held) => {
    const open = [
      item('00000000-0000-4000-8000-000000000110', 'ACR-2026-000110', type, 'pending', [A, Z]),
      item('00000000-0000-4000-8000-000000000111', 'ACR-2026-000111', type, 'inProgress', [Z]),
      // Another machine type's request holds nothing in this form.
      item('00000000-0000-4000-8000-000000000112', 'ACR-2026-000112', type === 'machine_loc' ? 'toner_addr' : 'machine_loc', 'pending', [B]),
    ];
    server.use(
      endpointSuccess(C.endpoints.getCurrent, { ...current([type]), machines: [machine(A, '3101R820347'), machine(B, '3101R820912')] }),
      endpointSuccess(C.endpoints.listRequests, { items: open, total: open.length }),
    );
    renderWithProviders(ui, { locale, functionCodes: [code], router: formRoute });
    const heldBox = await screen.findByRole('checkbox', { name: /^3101R820347/ });
    const freeBox = screen.getByRole('checkbox', { name: /^3101R820912/ });
    expect(heldBox).toBeDisabled();
    expect(screen.getByTestId(`option-note-${A}`)).toHaveTextContent(held);
    expect(freeBox).toBeEnabled();
    expect(screen.queryByTestId(`option-note-${B}`)).not.toBeInTheDocument();
    expect(screen.getByTestId(`open-${type}`)).toHaveTextContent(note);
    // Each request the note names has its own link.
    const links = within(screen.getByTestId(`open-${type}`)).getAllByRole('link');
    expect(links.map((l) => l.textContent)).toEqual(['ACR-2026-000110', 'ACR-2026-000111'].map((requestNo) => ac(locale, 'add.viewRequest', { requestNo })));
  });

  // The same for a transfer: the contracts an open transfer holds (also an approved one, until it is completed) were
  // not marked, and the customer learnt which from the refusal on "Submit".
  const contract = (id: string, contractNo: string) => ({ id, contractNo, contractType: 'rental', endDate: '2027-01-31', status: 'active' });
  const K1 = '00000000-0000-4000-8000-0000000000c1';
  const K2 = '00000000-0000-4000-8000-0000000000c2';
  const K3 = '00000000-0000-4000-8000-0000000000c3';
  it.each([
    [
      'en',
      'Requests ACR-2026-000120 and ACR-2026-000121 are still open for the contracts marked below',
      'In open request ACR-2026-000120: it cannot be chosen until that request has been decided.',
      'In request ACR-2026-000121, approved and still being completed: it cannot be chosen until that request has been completed.',
    ],
    ['tc', '申請 ACR-2026-000120及ACR-2026-000121 仍在處理下列已標示的合約', '已在處理中的申請 ACR-2026-000120 內，該申請有結果前不能選擇。', '已在獲批准、仍在辦理中的申請 ACR-2026-000121 內，該申請完成前不能選擇。'],
  ] as const)('%s transfer: the contracts an open transfer holds are marked with it and cannot be chosen; the others can', async (locale, note, heldPending, heldApproved) => {
    const open = [
      item('00000000-0000-4000-8000-000000000120', 'ACR-2026-000120', 'trans_agree', 'pending', [], [K1]),
      item('00000000-0000-4000-8000-000000000121', 'ACR-2026-000121', 'trans_agree', 'approved', [], [K3]),
    ];
    server.use(
      endpointSuccess(C.endpoints.getCurrent, { ...current(['trans_agree']), contracts: [contract(K1, 'CT-2022-00412'), contract(K2, 'CT-2023-00518'), contract(K3, 'CT-2024-00118')] }),
      endpointSuccess(C.endpoints.listRequests, { items: open, total: open.length }),
    );
    renderWithProviders(<TransferAgreementScreen />, { locale, functionCodes: ['ac_transfer_agreemt_write'], router: formRoute });
    expect(await screen.findByRole('checkbox', { name: /^CT-2022-00412/ })).toBeDisabled();
    expect(screen.getByTestId(`option-note-${K1}`)).toHaveTextContent(heldPending);
    expect(screen.getByRole('checkbox', { name: /^CT-2024-00118/ })).toBeDisabled();
    expect(screen.getByTestId(`option-note-${K3}`)).toHaveTextContent(heldApproved);
    // QA (390 px, tc): the mark broke the number as "ACR-2026-" / "000121" (a browser may break after a hyphen); the
    // numbers in the marks and in the note are kept whole.
    for (const [el, no] of [
      [screen.getByTestId(`option-note-${K1}`), 'ACR-2026-000120'],
      [screen.getByTestId(`option-note-${K3}`), 'ACR-2026-000121'],
      [screen.getByTestId('open-trans_agree'), 'ACR-2026-000120'],
      [screen.getByTestId('open-trans_agree'), 'ACR-2026-000121'],
    ] as const) {
      expect(within(el).getByText(no)).toHaveStyle({ whiteSpace: 'nowrap' });
    }
    expect(screen.getByRole('checkbox', { name: /^CT-2023-00518/ })).toBeEnabled();
    expect(screen.queryByTestId(`option-note-${K2}`)).not.toBeInTheDocument();
    expect(screen.getByTestId('open-trans_agree')).toHaveTextContent(note);
  });

  // QA: with only an approved transfer open the note still said the contracts were held "until it has been completed
  // or turned down" — an approved transfer can no longer be turned down. All approved: only "completed"; pending and
  // approved together: which frees a contract when.
  it.each([
    [
      'en',
      ['approved'],
      'Request ACR-2026-000120 has been approved and is still being completed. The contracts marked below are part of it and cannot be chosen until it has been completed. You can ask for a transfer of your other contracts.',
    ],
    [
      'en',
      ['approved', 'approved'],
      'Requests ACR-2026-000120 and ACR-2026-000121 have been approved and are still being completed. The contracts marked below are part of them and cannot be chosen until they have been completed. You can ask for a transfer of your other contracts.',
    ],
    [
      'en',
      ['pending', 'approved'],
      'Requests ACR-2026-000120 and ACR-2026-000121 are still open for the contracts marked below. A marked contract can be chosen once its request has been completed, or turned down if it has not been approved yet. You can ask for a transfer of your other contracts.',
    ],
    [
      'en',
      ['pending', 'inProgress'],
      'Requests ACR-2026-000120 and ACR-2026-000121 are still open for the contracts marked below, which cannot be chosen until they have been completed or turned down. You can ask for a transfer of your other contracts.',
    ],
    ['tc', ['approved'], '申請 ACR-2026-000120 已獲批准，仍在辦理中。下列已標示的合約屬該申請，該申請完成前不能選擇這些合約。您可為其他合約申請轉讓。'],
    ['tc', ['approved', 'approved'], '申請 ACR-2026-000120及ACR-2026-000121 已獲批准，仍在辦理中。下列已標示的合約屬該等申請，該等申請完成前不能選擇這些合約。您可為其他合約申請轉讓。'],
    [
      'tc',
      ['inProgress', 'approved'],
      '申請 ACR-2026-000120及ACR-2026-000121 仍在處理下列已標示的合約。已標示的合約須待所屬申請完成後方可選擇；如所屬申請尚未獲批准，該申請不獲批准後亦可選擇。您可為其他合約申請轉讓。',
    ],
    ['tc', ['pending'], '申請 ACR-2026-000120 仍在處理下列已標示的合約，該申請完成或不獲批准前不能選擇這些合約。您可為其他合約申請轉讓。'],
  ] as const)('%s transfer form, open transfers %j: the note says what frees the marked contracts', async (locale, statuses, note) => {
    const open = statuses.map((status, i) => item(`00000000-0000-4000-8000-00000000012${i}`, `ACR-2026-00012${i}`, 'trans_agree', status, [], [i ? K3 : K1]));
    server.use(
      endpointSuccess(C.endpoints.getCurrent, { ...current(['trans_agree']), contracts: [contract(K1, 'CT-2022-00412'), contract(K2, 'CT-2023-00518'), contract(K3, 'CT-2024-00118')] }),
      endpointSuccess(C.endpoints.listRequests, { items: open, total: open.length }),
    );
    renderWithProviders(<TransferAgreementScreen />, { locale, functionCodes: ['ac_transfer_agreemt_write'], router: formRoute });
    expect(await screen.findByTestId('open-trans_agree')).toHaveTextContent(note);
  });

  // QA: while the open requests loaded, the terms page showed the checkbox (and the add-changes page "Start") and then
  // took it back for the note; opened without the terms, the form asked for them first. Each now waits for the list.
  describe('while the open requests are still loading', () => {
    const listServed = () => {
      let served = false;
      server.use(endpointSuccess(C.endpoints.listRequests, { items: OPEN, total: OPEN.length }, { delayMs: 'infinite', onRequest: () => (served = true) }));
      return () => served;
    };

    it('the terms page shows progress, and neither the checkbox nor "Continue"', async () => {
      const served = listServed();
      renderWithProviders(<AgreementScreen />, {
        functionCodes: ['ac_chg_bill_addr_write'],
        router: { pathname: '/customer-support/account-info-update/add-changes/agreement', query: { type: 'bill_addr' } },
      });
      await waitFor(() => expect(served()).toBe(true));
      expect(screen.getByRole('progressbar', { name: text('en', 'common:ui.table.loading') })).toBeInTheDocument();
      expect(screen.getByTestId('terms')).toBeInTheDocument();
      expect(screen.queryByRole('checkbox', { name: ac('en', 'agreement.accept') })).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: ac('en', 'agreement.continue') })).not.toBeInTheDocument();
    });

    it('a form opened without the terms neither asks for them nor shows the form', async () => {
      let currentRead = false;
      server.use(endpointSuccess(C.endpoints.getCurrent, current(['bill_addr']), { onRequest: () => (currentRead = true) }));
      const served = listServed();
      renderWithProviders(<BillingAddressScreen />, { functionCodes: ['ac_chg_bill_addr_write'], router: { pathname: formRoute.pathname } });
      await waitFor(() => expect(served() && currentRead).toBe(true));
      expect(screen.getByRole('progressbar', { name: text('en', 'common:ui.table.loading') })).toBeInTheDocument();
      expect(screen.queryByText(ac('en', 'agreement.required'))).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: ac('en', 'form.submit') })).not.toBeInTheDocument();
    });

    it('the add-changes page offers no "Start" yet', async () => {
      const served = listServed();
      renderWithProviders(<AddChangesScreen />, { functionCodes: WRITE, router: { pathname: '/customer-support/account-info-update/add-changes' } });
      await waitFor(() => expect(served()).toBe(true));
      expect(cardOf('en', 'bill_addr')).toBeInTheDocument();
      for (const type of ['bill_addr', 'comp_name', 'machine_loc'] as const) expect(startLink('en', type)).not.toBeInTheDocument();
    });
  });

  it('billing address with nothing open: the form as before', async () => {
    server.use(endpointSuccess(C.endpoints.getCurrent, current(['bill_addr'])), endpointSuccess(C.endpoints.listRequests, { items: [], total: 0 }));
    renderWithProviders(<BillingAddressScreen />, { functionCodes: ['ac_chg_bill_addr_write'], router: formRoute });
    expect(await screen.findByRole('button', { name: ac('en', 'form.submit') })).toBeInTheDocument();
    expect(screen.queryByTestId('open-bill_addr')).not.toBeInTheDocument();
  });
});
