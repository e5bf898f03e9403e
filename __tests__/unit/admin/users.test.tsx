import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { usersResource } from '@/components/admin/users/resource';
import { ResourceFormPage, ResourceListPage, ResourceViewPage } from '@/components/common/resource';
import { usersContract } from '@/lib/users/contract';
import type { UserDetail, UserListResult } from '@/lib/users/schemas';
import { endpointError, endpointSuccess } from '../testUtils/handlers';
import { renderWithProviders, type TestLocale } from '../testUtils/render';
import { declaredStyleAt } from '../common/viewport';
import { server } from '../testUtils/server';

const u = usersContract.endpoints;

// The import dialog uploads through XMLHttpRequest (progress events), which the test's fetch-level mock server does
// not answer: the upload is stubbed, every other call goes through msw.
const upload = jest.fn();
jest.mock('@/lib/upload/uploadWithProgress', () => ({
  ...jest.requireActual<object>('@/lib/upload/uploadWithProgress'),
  uploadWithProgress: (...args: unknown[]) => upload(...args) as unknown,
}));
const ID = '5eed0001-0000-4000-8000-000000000001';

const list: UserListResult = {
  items: [
    { id: ID, loginId: 'customer@demo.hk', name: 'Chan Tai Man', email: 'customer@demo.hk', kind: 'customer', status: 'active', customers: ['UCP100001'], groups: ['CUST_ADMIN'], mfaEnabled: false, lastLoginAt: null, createdAt: '2026-01-05T01:00:00.000Z' },
  ],
  total: 1,
};

const detail = (over: Partial<UserDetail> = {}): UserDetail => ({
  id: ID,
  loginId: 'new.user@example.test',
  name: 'Lee Ka Yan',
  email: 'new.user@example.test',
  preferredLanguage: 'en',
  skipMfa: false,
  mfaRequired: false,
  assignedUcpIds: [],
  assignedDetails: [],
  links: [{ ucpId: 'UCP100001', groupIds: ['g1'] }],
  kind: 'customer',
  status: 'pending',
  storedStatus: 'pending',
  lockedUntil: null,
  failedAttempts: 0,
  mfaEnabled: false,
  lastLoginAt: null,
  passwordChangedAt: null,
  createdAt: '2026-11-20T01:00:00.000Z',
  updatedAt: '2026-11-20T01:00:00.000Z',
  activationExpiresAt: '2026-11-23T01:00:00.000Z',
  linkDetails: [{ ucpId: 'UCP100001', nameEn: 'Harbour View Trading', nameZh: '海景貿易', groups: [{ id: 'g1', code: 'CUST_ADMIN', nameEn: 'Customer administrator', nameZh: '客戶管理員' }] }],
  ...over,
});

type ImportRow = { row: number; loginId: string; errors: string[] };

/**
 * The user list with the import dialog open and a file checked: the dry run (the stubbed upload) answers `rows`, the
 * rows without errors counted valid. `open` and `check` name the dialog's buttons in `locale`.
 */
async function checkImport(rows: ImportRow[], { locale = 'en', open = 'Import users', check = 'Check file' }: { locale?: TestLocale; open?: string; check?: string } = {}) {
  server.use(endpointSuccess(u.listUsers, list));
  const valid = rows.filter((r) => r.errors.length === 0).length;
  upload.mockResolvedValue({ ok: true, traceId: 't', data: { dryRun: true, total: rows.length, valid, imported: 0, rows } });
  renderWithProviders(<ResourceListPage resource={usersResource} />, { locale, functionCodes: ['user_ac_main_impexp'], route: '/admin-controls/user-account-maintenance' });
  await userEvent.click(await screen.findByRole('button', { name: open }));
  await userEvent.upload(screen.getByTestId('import-file'), new File(['login_id,name,email\n'], 'users.csv', { type: 'text/csv' }));
  await userEvent.click(screen.getByRole('button', { name: check }));
}

describe('user account maintenance screens', () => {
  it('export and import only for user_ac_main_impexp; "Add user" only for writers', async () => {
    server.use(endpointSuccess(u.listUsers, list));
    const { unmount } = renderWithProviders(<ResourceListPage resource={usersResource} />, { functionCodes: ['user_ac_main_read'], route: '/admin-controls/user-account-maintenance' });
    expect(await screen.findByRole('link', { name: 'customer@demo.hk' })).toHaveAttribute('href', `/admin-controls/user-account-maintenance/view/${ID}`);
    expect(screen.queryByRole('button', { name: 'Export CSV' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Import users' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Add user' })).not.toBeInTheDocument();
    unmount();

    renderWithProviders(<ResourceListPage resource={usersResource} />, { functionCodes: ['user_ac_main_impexp'], route: '/admin-controls/user-account-maintenance' });
    await screen.findByRole('link', { name: 'customer@demo.hk' });
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export Excel' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Import users' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Add user' })).not.toBeInTheDocument();
  });

  it.each([
    ['en', 'Export CSV', 'Too many users to export (50,001). Narrow the filter to 50,000 users or fewer.'],
    ['tc', '匯出 CSV', '要匯出的用戶太多（50,001 位）。請收窄篩選條件至 50,000 位或以下。'],
  ] as const)('an export of too many users says how many and to narrow the filter, not the general error (%s)', async (locale, exportCsv, text) => {
    server.use(
      endpointSuccess(u.listUsers, list),
      endpointError(u.exportUsers, 'VALIDATION', { fields: { filter: ['users:export.tooMany|{"found":"50,001","max":"50,000"}'] } }),
    );
    renderWithProviders(<ResourceListPage resource={usersResource} />, { locale, functionCodes: ['user_ac_main_impexp'], route: '/admin-controls/user-account-maintenance' });
    await userEvent.click(await screen.findByRole('button', { name: exportCsv }));
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
  });

  it('a reader sees the user, its customers and groups, and no edit, lock or resend control', async () => {
    server.use(endpointSuccess(u.getUser, detail({ status: 'active', storedStatus: 'active', activationExpiresAt: null })));
    renderWithProviders(<ResourceViewPage resource={usersResource} />, { functionCodes: ['user_ac_main_read'], router: { query: { id: ID } } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Lee Ka Yan' })).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Customers and groups' })).getByText('Customer administrator')).toBeInTheDocument();
    for (const name of ['Lock', 'Disable', 'Resend activation e-mail']) expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Edit' })).not.toBeInTheDocument();
  });

  it('the edit form names a linked customer deactivated since as such (not a bare UCP id), in both languages', async () => {
    server.use(
      endpointSuccess(u.getUser, detail({ status: 'active', storedStatus: 'active', activationExpiresAt: null, links: [{ ucpId: 'UCP100003', groupIds: ['g1'] }] })),
      endpointSuccess(u.userFormOptions, {
        customers: [{ id: 'UCP100001', nameEn: 'Harbour View Trading', nameZh: '海景貿易', isProvider: false }],
        groups: [{ id: 'g1', code: 'CUST_ADMIN', nameEn: 'Customer administrator', nameZh: '客戶管理員', kind: 'customer' }],
      }),
    );
    const { unmount } = renderWithProviders(<ResourceFormPage resource={usersResource} mode="edit" />, { functionCodes: ['user_ac_main_write', 'user_ac_main_read'], router: { query: { id: ID } } });
    expect(await within(await screen.findByTestId('link-0')).findByText('UCP100003 (customer deactivated: the link and its groups are kept)')).toBeInTheDocument();
    unmount();
    renderWithProviders(<ResourceFormPage resource={usersResource} mode="edit" />, { locale: 'tc', functionCodes: ['user_ac_main_write', 'user_ac_main_read'], router: { query: { id: ID } } });
    expect(await within(await screen.findByTestId('link-0')).findByText('UCP100003（客戶已停用：保留連結及其群組）')).toBeInTheDocument();
  });

  // QA desk review: the customers and groups to choose from failed to load and "Add a customer" was simply disabled,
  // the group pickers empty, with no word why and no way to try again short of reloading the page.
  it.each([
    ['en', 'Something went wrong on our side', 'Try again'],
    ['tc', '系統出現問題', '重試'],
  ] as const)('%s: the add form says when its customers and groups could not be read, and reads them again on "Try again"', async (locale, text, retry) => {
    server.use(endpointError(u.userFormOptions, 'INTERNAL', { status: 500 }));
    renderWithProviders(<ResourceFormPage resource={usersResource} mode="add" />, { locale, functionCodes: ['user_ac_main_write', 'user_ac_main_read'] });
    const alert = await screen.findByText(new RegExp(text), {}, { timeout: 10_000 });
    server.use(endpointSuccess(u.userFormOptions, { customers: [{ id: 'UCP100001', nameEn: 'Harbour View Trading', nameZh: '海景貿易', isProvider: false }], groups: [] }));
    await userEvent.click(within(alert.closest('.MuiAlert-root') as HTMLElement).getByRole('button', { name: retry }));
    await waitFor(() => expect(screen.queryByText(new RegExp(text))).not.toBeInTheDocument());
  }, 30_000);

  it('locking or disabling the signed-in staff member’s own account says why it is refused, in both languages (not "changed by someone else")', async () => {
    server.use(
      endpointSuccess(u.getUser, detail({ status: 'active', storedStatus: 'active', activationExpiresAt: null })),
      endpointError(u.setUserStatus, 'CONFLICT', { status: 409, fields: { action: ['users:errors.selfLock'] } }),
    );
    const { unmount } = renderWithProviders(<ResourceViewPage resource={usersResource} />, { functionCodes: ['user_ac_main_write', 'user_ac_main_read'], router: { query: { id: ID } } });
    await userEvent.click(await screen.findByRole('button', { name: 'Lock' }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Lock account' }));
    expect(await within(screen.getByRole('dialog')).findByText('You cannot lock or disable your own account.')).toBeInTheDocument();
    unmount();
    renderWithProviders(<ResourceViewPage resource={usersResource} />, { locale: 'tc', functionCodes: ['user_ac_main_write', 'user_ac_main_read'], router: { query: { id: ID } } });
    await userEvent.click(await screen.findByRole('button', { name: '停用' }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: '停用帳戶' }));
    expect(await within(screen.getByRole('dialog')).findByText('您不能鎖定或停用自己的帳戶。')).toBeInTheDocument();
  });

  it('one’s own account offers no Lock or Disable (the server would refuse them), while another active account does', async () => {
    server.use(endpointSuccess(u.getUser, detail({ status: 'active', storedStatus: 'active', activationExpiresAt: null })));
    const codes = ['user_ac_main_write', 'user_ac_main_read'] as const;
    const { unmount } = renderWithProviders(<ResourceViewPage resource={usersResource} />, { functionCodes: codes, user: { userAcUuid: ID }, router: { query: { id: ID } } });
    expect(await screen.findByRole('link', { name: /Edit/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Lock' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Disable' })).not.toBeInTheDocument();
    unmount();
    renderWithProviders(<ResourceViewPage resource={usersResource} />, { functionCodes: codes, router: { query: { id: ID } } });
    expect(await screen.findByRole('button', { name: 'Lock' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Disable' })).toBeInTheDocument();
  });

  it.each([
    ['en', 'Disable', 'Disable account', 'The account is disabled.'],
    ['tc', '停用', '停用帳戶', '帳戶已停用。'],
  ] as const)('%s: after disabling, the outcome has the focus (Lock and Disable go away with the new status, and the focus went to the page’s body)', async (locale, disable, confirm, done) => {
    let disabled = false;
    server.use(
      endpointSuccess(u.getUser, () => detail(disabled ? { status: 'inactive', storedStatus: 'inactive', activationExpiresAt: null } : { status: 'active', storedStatus: 'active', activationExpiresAt: null })),
      endpointSuccess(u.setUserStatus, () => ((disabled = true), { id: ID, status: 'inactive' as const })),
    );
    renderWithProviders(<ResourceViewPage resource={usersResource} />, { locale, functionCodes: ['user_ac_main_write', 'user_ac_main_read'], router: { query: { id: ID } } });
    await userEvent.click(await screen.findByRole('button', { name: disable }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: confirm }));
    const outcome = await screen.findByTestId('user-action-done');
    expect(outcome).toHaveTextContent(done);
    await waitFor(() => expect(screen.queryByRole('button', { name: disable })).not.toBeInTheDocument());
    expect(outcome).toHaveFocus();
  });

  it('resend on a pending user asks first, then says where the mail went', async () => {
    const bodies: unknown[] = [];
    server.use(
      endpointSuccess(u.getUser, detail()),
      endpointSuccess(u.resendActivation, (body) => {
        bodies.push(body);
        return { id: body.id, expiresAt: '2026-11-27T01:00:00.000Z' };
      }),
    );
    renderWithProviders(<ResourceViewPage resource={usersResource} />, { functionCodes: ['user_ac_main_resend'], router: { query: { id: ID } } });
    await userEvent.click(await screen.findByRole('button', { name: 'Resend activation e-mail' }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('A new activation e-mail is on its way to new.user@example.test.')).toBeInTheDocument();
    expect(bodies).toEqual([{ id: ID }]);
    // A pending account cannot be locked; and without _write there is no lock anyway.
    expect(screen.queryByRole('button', { name: 'Lock' })).not.toBeInTheDocument();
  });

  // QA (390-pixel phone): the import check's table cut each login id one or two characters per line (break-all in a
  // column the results squeezed to a sliver), then "new.pers / on" (overflow-wrap: anywhere, and a 12ch minimum that
  // counted the cell's padding). jsdom lays nothing out: what is checked is that the cell lets the id break nowhere
  // but after its "@" and before a dot of the domain (the page was looked at in Chromium at 390 px, en and tc).
  it('the import check lists each row with its login id kept readable on a phone', async () => {
    await checkImport([
      { row: 2, loginId: 'good.one@demo.hk', errors: [] },
      { row: 3, loginId: 'bad id', errors: ['email:ui.validation.email'] },
      { row: 4, loginId: 'new.person', errors: [] },
    ]);
    const cell = await screen.findByTestId('import-row-2-login');
    expect(upload).toHaveBeenCalledWith(usersContract.endpoints.importUsers.path, { dryRun: 'true' }, expect.anything(), expect.anything());
    expect(cell).toHaveTextContent('good.one@demo.hk');
    for (const id of [cell, screen.getByTestId('import-row-4-login')]) {
      // Neither overflow-wrap: anywhere nor break-all (which let the table shrink the column below the id), and no
      // minimum in ch (it counted the padding): the id's own width is the column's minimum.
      expect(id).toHaveStyle({ overflowWrap: 'normal', wordBreak: 'normal' });
      expect(getComputedStyle(id).minWidth).not.toMatch(/ch$/);
    }
    // Break opportunities after the "@" and before the domain's dots; none in "new.person".
    expect(cell.innerHTML).toBe('good.one@<wbr>demo<wbr>.hk');
    expect(screen.getByTestId('import-row-4-login').innerHTML).toBe('new.person');
    // One spacing unit (8 px) beside the text on a phone, not the table's 16 px (jsdom applies no media query).
    expect(cell).toHaveStyle({ paddingLeft: 'var(--mui-spacing)', paddingRight: 'var(--mui-spacing)' });
    expect(screen.getByTestId('import-row-3')).toHaveAttribute('data-ok', 'false');
  }, 30_000);

  // QA (390 px, en): "Import 3 users" took two lines beside "Close" and "Check file" in a wrapping row. On a phone the
  // buttons now stand one under the other, full width, in their (tab) order; from 600 px a row; no label breaks.
  it.each([
    ['en', 'Import users', 'Check file', 'Import 3 users'],
    ['tc', '匯入用戶', '檢查檔案', '匯入 3 位用戶'],
  ] as const)('the import dialog’s buttons stand one under the other on a phone, in a row from 600 px (%s)', async (locale, open, check, submit) => {
    await checkImport(
      [2, 3, 4].map((row) => ({ row, loginId: `user${row}@demo.hk`, errors: [] })),
      { locale, open, check },
    );
    const importButton = await screen.findByRole('button', { name: submit });
    expect(importButton).toBeEnabled();
    const actions = importButton.parentElement as HTMLElement;
    expect(within(actions).getAllByRole('button').map((b) => b.getAttribute('data-testid') ?? 'close')).toEqual(['close', 'import-check', 'import-submit']);
    expect(declaredStyleAt(actions, 390)).toMatchObject({ 'flex-direction': 'column', 'align-items': 'stretch' });
    expect(declaredStyleAt(actions, 390)['flex-wrap']).not.toBe('wrap');
    expect(declaredStyleAt(actions, 1366)).toMatchObject({ 'flex-direction': 'row' });
    // Stacked, as wide as the content above (24 px in, like DialogContent), not 8 px from the paper's edge.
    expect(declaredStyleAt(actions, 390)).toMatchObject({ 'padding-left': 'calc(3 * var(--mui-spacing))', 'padding-right': 'calc(3 * var(--mui-spacing))' });
    for (const b of within(actions).getAllByRole('button')) {
      expect(getComputedStyle(b).whiteSpace).toBe('nowrap');
      // The gap spaces them: no left margin that would push a stacked button off centre.
      expect(declaredStyleAt(b, 390)['margin-left'] ?? '0px').toMatch(/^0(px)?$/);
    }
  }, 30_000);

  // A login id taken between the check and the import: the refusal says "correct the rows listed below", so the row
  // is marked in the checked table and "Import" turns off (before, every row still read "OK" and Import stayed on).
  it('a row refused by the import itself is marked in the checked table', async () => {
    await checkImport([
      { row: 2, loginId: 'first@demo.hk', errors: [] },
      { row: 3, loginId: 'second@demo.hk', errors: [] },
    ]);
    const submit = await screen.findByRole('button', { name: 'Import 2 users' });
    upload.mockResolvedValue({ ok: false, error: { status: 400, code: 'USER_IMPORT_INVALID', message: 'taken meanwhile', fields: { 'rows.3': ['login_id:users:errors.loginIdTaken'] } } });
    await userEvent.click(submit);
    expect(await screen.findByTestId('import-error')).toHaveTextContent('correct the rows listed below');
    expect(screen.getByTestId('import-row-3')).toHaveAttribute('data-ok', 'false');
    expect(within(screen.getByTestId('import-row-3')).getByRole('listitem')).toHaveTextContent('login_id: Another user already has this login ID.');
    expect(screen.getByTestId('import-row-2')).toHaveAttribute('data-ok', 'true');
    expect(screen.getByTestId('import-submit')).toBeDisabled();
  }, 30_000);

  // Every error of a row is reported at once (docs/user-accounts.md); each reads in the page's language.
  it.each([
    ['en', 'Import users', 'Check file', ['user_type: must be customer or staff', 'language: must be en or tc', 'customers: No active customer has this UCP ID.']],
    ['tc', '匯入用戶', '檢查檔案', ['user_type（用戶類別）：必須為 customer 或 staff', 'language（語言）：必須為 en 或 tc', 'customers（客戶）：沒有使用中的客戶擁有此 UCP 編號。']],
  ] as const)('the import check shows each of a row’s errors translated (%s)', async (locale, open, check, texts) => {
    await checkImport(
      [{ row: 2, loginId: 'x.user', errors: ['kind:users:import.kindInvalid', 'preferredLanguage:users:import.languageInvalid', 'customers:users:errors.customerUnknown'] }],
      { locale, open, check },
    );
    const row = await screen.findByTestId('import-row-2');
    expect(within(row).getAllByRole('listitem').map((li) => li.textContent)).toEqual(texts);
  }, 30_000);
});
