/**
 * The customer's change forms (components/accountChanges/ChangeForms.tsx): what they start from and how they show
 * the server's refusals, in English and Traditional Chinese.
 */
import { File as NodeFile } from 'node:buffer';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { BillingAddressScreen, CompanyNameScreen, MachineLocationScreen, ReceiveHardcopyScreen, TonerAddressScreen, TransferAgreementScreen } from '@/components/accountChanges/ChangeForms';
import { accountChangesContract as C } from '@/lib/accountChanges/contract';
import type { ChangeType } from '@/lib/accountChanges/constants';
import type { CurrentValues } from '@/lib/accountChanges/schemas';
import type { FunctionCode } from '@/lib/permissions/codes';
import { msg } from '@/lib/zodMessages';
import { endpointError, endpointSuccess, testChangeMachine, testCustomer } from '../testUtils/handlers';
import { renderWithProviders, text, type TestLocale } from '../testUtils/render';
import { server } from '../testUtils/server';

// jsdom's File is refused by Node's FormData and Blob reading (see __tests__/unit/common/FileUploadField.test.tsx).
globalThis.File = NodeFile as unknown as typeof File;

function current(overrides: Partial<CurrentValues['customer']> = {}, writable: ChangeType[] = ['rec_hardcopy']): CurrentValues {
  const { ucpId: _u, isProvider: _p, customerNos: _c, ...customer } = testCustomer(overrides);
  return { customer, machines: [], contracts: [], writable };
}

/** A change form's page as the agreement step opens it (`?accepted=1`), for a user holding the type's write code. */
function renderForm(ui: React.ReactElement, code: FunctionCode, locale: TestLocale = 'en') {
  return renderWithProviders(ui, { locale, functionCodes: [code], router: { pathname: '/customer-support/account-info-update/add-changes/x', query: { accepted: '1' } } });
}

// The forms look up what is still open of their type (useOpenRequests): nothing here.
beforeEach(() => server.use(endpointSuccess(C.endpoints.listRequests, { items: [], total: 0 })));

describe('change of receiving hardcopy bills', () => {
  it.each([
    [false, 'hardcopyOff', 'hardcopyOn'],
    [true, 'hardcopyOn', 'hardcopyOff'],
  ] as const)('starts from the current setting (paper bills %s): nothing else is chosen for the customer', async (receiveHardcopyBill, chosen, other) => {
    server.use(endpointSuccess(C.endpoints.getCurrent, current({ receiveHardcopyBill })));
    renderForm(<ReceiveHardcopyScreen />, 'ac_chg_rec_hardcopy_write');
    expect(await screen.findByRole('radio', { name: text('en', `accountChanges:fields.${chosen}`) })).toBeChecked();
    expect(screen.getByRole('radio', { name: text('en', `accountChanges:fields.${other}`) })).not.toBeChecked();
  });

  it.each(['en', 'tc'] as const)('shows the server’s refusals on the field, naming the open request (%s)', async (locale) => {
    const user = userEvent.setup();
    server.use(
      endpointSuccess(C.endpoints.getCurrent, current({ receiveHardcopyBill: false })),
      endpointError(C.endpoints.submitReceiveHardcopy, 'CHANGE_ALREADY_PENDING', {
        status: 409,
        fields: { receiveHardcopy: [msg('accountChanges:validation.alreadyPending', { requestNo: 'ACR-2026-001234' })] },
      }),
    );
    renderForm(<ReceiveHardcopyScreen />, 'ac_chg_rec_hardcopy_write', locale);
    await user.click(await screen.findByRole('radio', { name: text(locale, 'accountChanges:fields.hardcopyOn') }));
    await user.click(screen.getByRole('button', { name: text(locale, 'accountChanges:form.submit') }));
    const summary = await screen.findByTestId('form-error-summary');
    const expected = createMessage(locale, 'ACR-2026-001234');
    expect(within(summary).getByText(new RegExp(escape(expected)))).toBeInTheDocument();
    expect(expected).toContain('ACR-2026-001234');
  });
});

describe('a form with a file (company name)', () => {
  const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  const fileOf = (head: number[], size: number, name: string, type: string) => {
    const bytes = new Uint8Array(size);
    bytes.set(head.slice(0, size));
    return new File([bytes], name, { type });
  };
  const fileLabel = (locale: TestLocale) => text(locale, 'accountChanges:fields.brCertificate');

  it.each([
    ['en', 'a 2.2 MB PNG', fileOf(PNG, Math.round(2.2 * 1024 * 1024), 'br.png', 'image/png'), 'The file is larger than the 1 MB limit.'],
    ['tc', 'a 2.2 MB PNG', fileOf(PNG, Math.round(2.2 * 1024 * 1024), 'br.png', 'image/png'), '檔案超過 1 MB 的上限。'],
    ['en', 'a text file named .pdf', fileOf([...'just text'].map((c) => c.charCodeAt(0)), 9, 'br.pdf', 'application/pdf'), 'This file type is not accepted. Choose a PDF, JPEG or PNG file.'],
  ] as const)('the error summary repeats why the file was refused (%s, %s)', async (locale, _what, file, reason) => {
    const user = userEvent.setup();
    server.use(endpointSuccess(C.endpoints.getCurrent, current({}, ['comp_name'])));
    renderForm(<CompanyNameScreen />, 'ac_chg_comp_name_write', locale);
    const chooser = (await screen.findByTestId('file-upload')).querySelector<HTMLInputElement>('input[type="file"]')!;
    expect(chooser).toHaveAccessibleName(new RegExp(`^${escape(fileLabel(locale))}`));
    await user.upload(chooser, file);
    expect(await screen.findByText(reason)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: text(locale, 'accountChanges:form.submit') }));
    const summary = await screen.findByTestId('form-error-summary');
    await waitFor(() => expect(summary).toHaveTextContent(reason));
    expect(summary).not.toHaveTextContent(text(locale, 'common:ui.validation.fileRequired'));
  });
});

describe('address forms: every error on the first submission', () => {
  const ac = (locale: TestLocale, key: string) => text(locale, `accountChanges:${key}`);
  const label = (locale: TestLocale, key: string) => new RegExp(`^${escape(ac(locale, `fields.${key}`))}`);
  const choose = async (user: ReturnType<typeof userEvent.setup>, locale: TestLocale, field: string, option: string) => {
    await user.click(screen.getByRole('combobox', { name: label(locale, field) }));
    await user.click(await screen.findByRole('option', { name: option }));
  };

  it.each([
    ['bill_addr', <BillingAddressScreen key="b" />, 'ac_chg_bill_addr_write'],
    ['machine_loc', <MachineLocationScreen key="m" />, 'ac_chg_machine_loc_write'],
    ['toner_addr', <TonerAddressScreen key="t" />, 'ac_chg_toner_addr_write'],
  ] as const)('%s: empty region and district are flagged beside a too long street (tc)', async (type, ui, code) => {
    const user = userEvent.setup();
    server.use(endpointSuccess(C.endpoints.getCurrent, current({}, [type])));
    renderForm(ui, code, 'tc');
    fireEvent.change(await screen.findByRole('textbox', { name: label('tc', 'street') }), { target: { value: 'x'.repeat(5000) } });
    await user.click(screen.getByRole('button', { name: ac('tc', 'form.submit') }));
    const summary = await screen.findByTestId('form-error-summary');
    expect(summary).toHaveTextContent(ac('tc', 'validation.region'));
    expect(summary).toHaveTextContent(ac('tc', 'validation.district'));
    expect(screen.getByRole('combobox', { name: label('tc', 'region') }).closest('.MuiFormControl-root')).toHaveTextContent(ac('tc', 'validation.region'));
    expect(screen.getByRole('combobox', { name: label('tc', 'district') }).closest('.MuiFormControl-root')).toHaveTextContent(ac('tc', 'validation.district'));
  });

  it('a district left from another region is cleared and flagged as missing, beside the other errors', async () => {
    const user = userEvent.setup();
    server.use(endpointSuccess(C.endpoints.getCurrent, current({}, ['bill_addr'])));
    renderForm(<BillingAddressScreen />, 'ac_chg_bill_addr_write');
    await screen.findByRole('combobox', { name: label('en', 'region') });
    await choose(user, 'en', 'region', ac('en', 'regions.kowloon'));
    await choose(user, 'en', 'district', ac('en', 'districts.kwun_tong'));
    await choose(user, 'en', 'region', ac('en', 'regions.hong_kong_island'));
    expect(screen.getByRole('combobox', { name: label('en', 'district') })).toHaveTextContent(text('en', 'common:ui.form.selectPlaceholder'));
    fireEvent.change(screen.getByRole('textbox', { name: label('en', 'street') }), { target: { value: 'x'.repeat(5000) } });
    await user.type(screen.getByRole('textbox', { name: label('en', 'contactPhone') }), '1234');
    await user.click(screen.getByRole('button', { name: ac('en', 'form.submit') }));
    const summary = await screen.findByTestId('form-error-summary');
    expect(summary).toHaveTextContent(`${ac('en', 'fields.district')}: ${ac('en', 'validation.district')}`);
    expect(summary).toHaveTextContent(ac('en', 'validation.phone'));
    expect(summary).toHaveTextContent(`${ac('en', 'fields.street')}: Enter at most 120 characters.`);
  });
});

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const createMessage = (locale: TestLocale, requestNo: string) => text(locale, 'accountChanges:validation.alreadyPending').replace('{{requestNo}}', requestNo);

describe('machines to choose (toner delivery, tc)', () => {
  it('a label of several lines starts beside its box and the options are spaced apart (which box a line belongs to)', async () => {
    const machine = (id: string, serialNo: string) =>
      testChangeMachine(id, serialNo, {
        addressZh: '新界葵涌葵豐街38號葵涌貨運中心5樓B室',
        locationEn: '5/F Warehouse dispatch office',
        locationZh: '5樓貨倉發貨辦公室',
        modelNameEn: 'Ricoh IM 2500 mono multifunction printer',
        modelNameZh: '理光 IM 2500 黑白多功能影印機',
      });
    server.use(
      endpointSuccess(C.endpoints.getCurrent, {
        ...current({}, ['toner_addr']),
        machines: [machine('00000000-0000-4000-8000-0000000000a1', '3101R820347'), machine('00000000-0000-4000-8000-0000000000a2', '3101R820912')],
      }),
    );
    renderForm(<TonerAddressScreen />, 'ac_chg_toner_addr_write', 'tc');
    const boxes = await screen.findAllByRole('checkbox', { name: /^3101R820/ });
    expect(boxes).toHaveLength(2);
    for (const box of boxes) {
      const option = box.closest('label') as HTMLElement;
      expect(option).toHaveStyle({ alignItems: 'flex-start' });
      expect(getComputedStyle(option).marginBottom).not.toMatch(/^0(px)?$/);
    }
  });
});

// QA: the server joined the machines already in an open request with ", " in its message, so a tc page read
// "3101R820347, 3101R820912". It now sends them as a list, and the page joins them in its own language.
describe('a refusal naming several machines (toner delivery)', () => {
  const ac = (locale: TestLocale, key: string) => text(locale, `accountChanges:${key}`);
  const label = (locale: TestLocale, key: string) => new RegExp(`^${escape(ac(locale, `fields.${key}`))}`);
  const machine = (id: string, serialNo: string) => testChangeMachine(id, serialNo, { addressEn: 'Kwai Chung Cargo Centre', addressZh: '葵涌貨運中心' });

  it.each([
    ['en', 'already asks for this change for 3101R820347 and 3101R820912 and is still waiting'],
    ['tc', '已為 3101R820347及3101R820912 申請此項更改'],
  ] as const)('%s: the serial numbers are joined as the page writes a list', async (locale, expected) => {
    const user = userEvent.setup();
    server.use(
      endpointSuccess(C.endpoints.getCurrent, {
        ...current({}, ['toner_addr']),
        machines: [machine('00000000-0000-4000-8000-0000000000a1', '3101R820347'), machine('00000000-0000-4000-8000-0000000000a2', '3101R820912')],
      }),
      endpointError(C.endpoints.submitTonerAddress, 'CHANGE_ALREADY_PENDING', {
        status: 409,
        fields: { machineIds: [msg('accountChanges:validation.alreadyPendingFor', { requestNo: 'ACR-2026-001234', items: ['3101R820347', '3101R820912'] })] },
      }),
    );
    renderForm(<TonerAddressScreen />, 'ac_chg_toner_addr_write', locale);
    for (const box of await screen.findAllByRole('checkbox', { name: /^3101R820/ })) await user.click(box);
    await user.click(screen.getByRole('combobox', { name: label(locale, 'region') }));
    await user.click(await screen.findByRole('option', { name: ac(locale, 'regions.kowloon') }));
    await user.click(screen.getByRole('combobox', { name: label(locale, 'district') }));
    await user.click(await screen.findByRole('option', { name: ac(locale, 'districts.kwun_tong') }));
    fireEvent.change(screen.getByRole('textbox', { name: label(locale, 'street') }), { target: { value: '1 Hoi Bun Road' } });
    fireEvent.change(screen.getByRole('textbox', { name: label(locale, 'contactName') }), { target: { value: 'Wong Siu Ming' } });
    fireEvent.change(screen.getByRole('textbox', { name: label(locale, 'contactPhone') }), { target: { value: '98765432' } });
    await user.click(screen.getByRole('button', { name: ac(locale, 'form.submit') }));
    const summary = await screen.findByTestId('form-error-summary');
    expect(summary).toHaveTextContent(expected);
    expect(summary).not.toHaveTextContent('3101R820347, 3101R820912');
  }, 30_000);
});

describe('transfer: the current contracts', () => {
  it.each([
    ['en', 'Until 31 Jan 2027'],
    ['tc', '至 2027年1月31日'],
  ] as const)('each contract number once, with until when it runs (%s)', async (locale, until) => {
    server.use(
      endpointSuccess(C.endpoints.getCurrent, {
        ...current({}, ['trans_agree']),
        contracts: [{ id: '00000000-0000-4000-8000-0000000000c1', contractNo: 'CT-2022-00412', contractType: 'rental', endDate: '2027-01-31', status: 'active' }],
      }),
    );
    renderForm(<TransferAgreementScreen />, 'ac_transfer_agreemt_write', locale);
    const currentSection = await screen.findByRole('region', { name: text(locale, 'accountChanges:form.current') });
    expect(within(currentSection).getByText('CT-2022-00412', { selector: 'dt' })).toBeInTheDocument();
    expect(within(currentSection).getByText(until, { selector: 'dd' })).toBeInTheDocument();
    expect(within(currentSection).getAllByText(/CT-2022-00412/)).toHaveLength(1);
  });
});
