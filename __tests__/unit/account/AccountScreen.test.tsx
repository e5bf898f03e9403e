import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { AccountScreen } from '@/components/account/AccountScreen';
import { usePasswordOutcome } from '@/components/account/passwordOutcomeStore';
import { accountContract } from '@/lib/account/contract';
import type { AccountProfile } from '@/lib/account/schemas';
import { loginContract } from '@/lib/auth/contract';
import { userContract } from '@/lib/customer/contract';
import { FONT_SIZE_ATTRIBUTE } from '@/lib/theme/preferences';
import { useSessionErrorStore } from '@/store/sessionErrorStore';
import { apiError, endpointSuccess, testCustomer } from '../testUtils/handlers';
import { server } from '../testUtils/server';
import { renderWithProviders, text } from '../testUtils/render';

const renderAccount = (ui: React.ReactElement, locale: 'en' | 'tc' = 'en') => renderWithProviders(ui, { locale });

const mockRouter = { locale: 'en', asPath: '/account', pathname: '/account', query: {}, push: jest.fn(async () => true) };
jest.mock('next/router', () => ({ useRouter: () => mockRouter }));

type MockSession = { jwtToken: string; functionList: { fnCode: string }[]; currentUser: { userAcUuid: string; ucpId: string | null } };
let mockSession: MockSession;
const mockUpdate = jest.fn();
// Only useSession is replaced (the session's update is observed); the provider the render helper uses stays real.
jest.mock('@/lib/api/session', () => ({
  ...jest.requireActual<typeof import('@/lib/api/session')>('@/lib/api/session'),
  useSession: () => ({ data: mockSession, status: 'authenticated', update: mockUpdate }),
}));

const PROFILE: AccountProfile = {
  loginId: 'chan.taiman@acme.example',
  name: 'Chan Tai Man',
  email: 'tm.chan@acme.example',
  fontSize: 'M',
  preferredLanguage: 'en',
  mfaEnabled: false,
  mfaRequired: false,
  skipMfa: false,
  lastLoginTime: '2025-03-04T05:06:07.000Z',
  passwordChangedAt: null,
  isProviderStaff: false,
};

const sessionWith = (codes: string[]): MockSession => ({
  jwtToken: 'old-token',
  functionList: codes.map((fnCode) => ({ fnCode })),
  currentUser: { userAcUuid: 'u-1', ucpId: 'UCP-1' },
});

/** The profile and the current customer, answered for every test. */
function baseHandlers(profile: AccountProfile = PROFILE) {
  server.use(
    endpointSuccess(accountContract.endpoints.getProfile, profile),
    endpointSuccess(userContract.endpoints.getUcpCustByUcpId, testCustomer({ ucpId: 'UCP-1', nameEn: 'Acme Printing Ltd', nameZh: '艾克美印刷有限公司' })),
  );
}

/** Records the JSON body of each call to `path` and answers with `answer(body)`. */
function recordCalls(path: `/api/${string}`, answer: (body: Record<string, unknown>) => Response) {
  const bodies: Record<string, unknown>[] = [];
  server.use(
    http.post(path, async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      bodies.push(body);
      return answer(body);
    }),
  );
  return bodies;
}

const ok = (data: unknown) => HttpResponse.json({ status: 'success', data, traceId: 't' });
const fail = (status: number, code: string, fields?: Record<string, string[]>) =>
  HttpResponse.json({ status: 'error', error: { code, message: code, ...(fields ? { fields } : {}) }, traceId: 't' }, { status });

async function renderReady(codes = ['home', 'ac_pref_read', 'ac_pref_write']) {
  mockSession = sessionWith(codes);
  baseHandlers();
  const user = userEvent.setup();
  const rendered = renderAccount(<AccountScreen />);
  await screen.findByTestId('account-password');
  return Object.assign(user, { unmount: rendered.unmount });
}

const passwordSection = () => within(screen.getByTestId('account-password'));
const field = (label: RegExp) => passwordSection().getByLabelText(label, { selector: 'input' });

async function fillPassword(user: ReturnType<typeof userEvent.setup>, current: string, next: string, confirm: string) {
  if (current) await user.type(field(/^Current password/), current);
  if (next) await user.type(field(/^New password/), next);
  if (confirm) await user.type(field(/^Confirm new password/), confirm);
}

beforeEach(() => {
  mockRouter.locale = 'en';
  mockRouter.push.mockClear();
  mockUpdate.mockReset();
  document.documentElement.setAttribute(FONT_SIZE_ATTRIBUTE, 'M');
  useSessionErrorStore.getState().clear();
  usePasswordOutcome.getState().clear();
});

describe('AccountScreen', () => {
  it('shows the profile, the current customer and the last sign-in', async () => {
    await renderReady();
    const profile = within(screen.getByTestId('account-profile'));
    expect(profile.getByRole('heading', { name: 'Profile' })).toBeInTheDocument();
    expect(profile.getByTestId('profile-name')).toHaveTextContent('Chan Tai Man');
    expect(profile.getByTestId('profile-login-id')).toHaveTextContent('chan.taiman@acme.example');
    expect(profile.getByTestId('profile-email')).toHaveTextContent('tm.chan@acme.example');
    await waitFor(() => expect(profile.getByTestId('profile-customer')).toHaveTextContent('Acme Printing Ltd'));
    expect(profile.getByTestId('profile-last-login')).toHaveTextContent('2025');
    expect(profile.getByTestId('profile-password-changed')).toHaveTextContent('Not changed yet');
  });

  it('speaks Traditional Chinese in the tc locale', async () => {
    mockSession = sessionWith(['home', 'ac_pref_read', 'ac_pref_write']);
    mockRouter.locale = 'tc';
    baseHandlers();
    renderAccount(<AccountScreen />, 'tc');
    expect(await screen.findByRole('heading', { name: '更改密碼' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: '帳戶及偏好設定' })).toBeInTheDocument();
    expect(screen.getByTestId('rule-password_too_short')).toHaveTextContent('最少10個字元');
    await waitFor(() => expect(screen.getByTestId('profile-customer')).toHaveTextContent('艾克美印刷有限公司'));
  });

  it('shows a retry when the profile cannot be loaded', async () => {
    mockSession = sessionWith(['home', 'ac_pref_read']);
    server.use(apiError(accountContract.endpoints.getProfile.path, 'SERVICE_UNAVAILABLE', { status: 503 }));
    renderAccount(<AccountScreen />);
    expect(await screen.findByText('The service is temporarily unavailable. Please try again shortly.')).toBeInTheDocument();
    baseHandlers();
    await userEvent.setup().click(screen.getByTestId('account-retry'));
    expect(await screen.findByTestId('account-password')).toBeInTheDocument();
  });

  describe('change password', () => {
    it('checks that the two new passwords match, without calling the server', async () => {
      const user = await renderReady();
      const calls = recordCalls(accountContract.endpoints.changePassword.path, () => ok({}));
      await fillPassword(user, 'Old-password-2024', 'New-password-2025', 'New-password-2026');
      await user.click(passwordSection().getByTestId('password-submit'));
      expect(await passwordSection().findByText('The passwords do not match.')).toBeInTheDocument();
      expect(field(/^Confirm new password/)).toHaveAttribute('aria-invalid', 'true');
      expect(calls).toHaveLength(0);
    });

    it('ticks the strength hints as the user types and refuses a weak password with the policy message', async () => {
      const user = await renderReady();
      const calls = recordCalls(accountContract.endpoints.changePassword.path, () => ok({}));
      const rule = (key: string) => passwordSection().getByTestId(`rule-${key}`);
      expect(rule('password_too_short')).toHaveTextContent('At least 10 characters');
      expect(rule('password_too_short')).toHaveAttribute('data-ok', 'false');

      await user.type(field(/^New password/), 'abc');
      expect(rule('password_too_short')).toHaveAttribute('data-ok', 'false');
      expect(rule('password_needs_letter')).toHaveAttribute('data-ok', 'true');
      expect(rule('password_needs_digit')).toHaveAttribute('data-ok', 'false');

      await fillPassword(user, 'Old-password-2024', '', 'abc');
      await user.click(passwordSection().getByTestId('password-submit'));
      expect(await passwordSection().findByText('Password must be at least 10 characters.')).toBeInTheDocument();
      expect(calls).toHaveLength(0);

      await user.type(field(/^New password/), 'defghij1');
      for (const key of ['password_too_short', 'password_too_long', 'password_needs_letter', 'password_needs_digit']) {
        expect(rule(key)).toHaveAttribute('data-ok', 'true');
      }
    });

    it.each(['en', 'tc'] as const)('shows no rule as met while the new password is empty, "at most 128" included (%s)', async (lng) => {
      mockSession = sessionWith(['home', 'ac_pref_read', 'ac_pref_write']);
      mockRouter.locale = lng;
      baseHandlers();
      renderAccount(<AccountScreen />, lng);
      await screen.findByTestId('account-password');
      const notMet = ` (${text(lng, 'account:account.password.ruleNotMet')})`;
      for (const key of ['password_too_short', 'password_too_long', 'password_needs_letter', 'password_needs_digit']) {
        const rule = passwordSection().getByTestId(`rule-${key}`);
        expect(rule).toHaveAttribute('data-ok', 'false');
        expect(rule.textContent).toContain(notMet);
      }
      const user = userEvent.setup();
      await user.type(field(lng === 'en' ? /^New password/ : /^新密碼/), 'x');
      expect(passwordSection().getByTestId('rule-password_too_long')).toHaveAttribute('data-ok', 'true');
    });

    it('refuses the current password as the new one', async () => {
      const user = await renderReady();
      await fillPassword(user, 'Same-password-1', 'Same-password-1', 'Same-password-1');
      await user.click(passwordSection().getByTestId('password-submit'));
      expect(await passwordSection().findByText('The new password must be different from the current one.')).toBeInTheDocument();
    });

    it('refuses the current password typed again in full-width characters before asking the server, which compares them the same way', async () => {
      const user = await renderReady();
      const calls = recordCalls(accountContract.endpoints.changePassword.path, () => fail(400, 'VALIDATION', { newPassword: ['password_same_as_current'] }));
      await fillPassword(user, 'Harbour2026', 'Ｈａｒｂｏｕｒ２０２６', 'Ｈａｒｂｏｕｒ２０２６');
      await user.click(passwordSection().getByTestId('password-submit'));
      expect(await passwordSection().findByText('The new password must be different from the current one.')).toBeInTheDocument();
      expect(calls).toHaveLength(0);
    });

    it("shows the server's field errors on their fields", async () => {
      const user = await renderReady();
      recordCalls(accountContract.endpoints.changePassword.path, () => fail(400, 'VALIDATION', { currentPassword: ['password_current_wrong'] }));
      await fillPassword(user, 'Wrong-password-1', 'New-password-2025', 'New-password-2025');
      await user.click(passwordSection().getByTestId('password-submit'));
      expect(await passwordSection().findByText('The current password is incorrect.')).toBeInTheDocument();
      expect(field(/^Current password/)).toHaveAttribute('aria-invalid', 'true');
      expect(field(/^Current password/)).toHaveFocus();
      expect(mockUpdate).not.toHaveBeenCalled();
    });

    it('shows other failures translated (too many attempts)', async () => {
      const user = await renderReady();
      recordCalls(accountContract.endpoints.changePassword.path, () => fail(429, 'TOO_MANY_REQUESTS'));
      await fillPassword(user, 'Old-password-2024', 'New-password-2025', 'New-password-2025');
      await user.click(passwordSection().getByTestId('password-submit'));
      expect(await passwordSection().findByTestId('password-error')).toHaveTextContent('Too many attempts. Please wait a few minutes and try again.');
    });

    it('on success hands the new token to the session with update({ jwtToken }) and clears the form', async () => {
      const user = await renderReady();
      mockUpdate.mockResolvedValue({ jwtToken: 'refreshed-token' });
      const calls = recordCalls(accountContract.endpoints.changePassword.path, () =>
        ok({ jwtToken: 'new-token', tokenExp: 2_000_000_000, passwordChangedAt: '2025-06-01T02:03:04.000Z' }),
      );
      // Show / hide works on each field.
      const toggle = passwordSection().getByTestId('new-password-toggle');
      expect(field(/^New password/)).toHaveAttribute('type', 'password');
      await user.click(toggle);
      expect(field(/^New password/)).toHaveAttribute('type', 'text');
      expect(toggle).toHaveAttribute('aria-pressed', 'true');

      await fillPassword(user, 'Old-password-2024', 'New-password-2025', 'New-password-2025');
      await user.click(passwordSection().getByTestId('password-submit'));

      expect(await passwordSection().findByTestId('password-changed')).toHaveTextContent('Your password has been changed.');
      expect(calls).toEqual([{ currentPassword: 'Old-password-2024', newPassword: 'New-password-2025' }]);
      expect(mockUpdate).toHaveBeenCalledTimes(1);
      expect(mockUpdate).toHaveBeenCalledWith({ jwtToken: 'new-token' });
      expect(field(/^Current password/)).toHaveValue('');
      expect(field(/^New password/)).toHaveValue('');
      expect(field(/^Confirm new password/)).toHaveValue('');
      expect(screen.getByTestId('profile-password-changed')).not.toHaveTextContent('Not changed yet');
    });

    it('keeps the success message when the session update remounts the page (route guard spinner)', async () => {
      const user = await renderReady();
      // next-auth's update() puts the session in `loading`: the route guard unmounts the page and mounts it again.
      mockUpdate.mockImplementation(async () => {
        user.unmount();
        renderAccount(<AccountScreen />);
        return { jwtToken: 'refreshed-token' };
      });
      recordCalls(accountContract.endpoints.changePassword.path, () => ok({ jwtToken: 'new-token', tokenExp: 2_000_000_000, passwordChangedAt: '2025-06-01T02:03:04.000Z' }));
      await fillPassword(user, 'Old-password-2024', 'New-password-2025', 'New-password-2025');
      await user.click(passwordSection().getByTestId('password-submit'));
      expect(await screen.findByTestId('password-changed')).toBeInTheDocument();
      expect(mockUpdate).toHaveBeenCalledWith({ jwtToken: 'new-token' });
    });

    it('asks to sign in again when the session could not take the new token', async () => {
      const user = await renderReady();
      mockUpdate.mockResolvedValue(null);
      recordCalls(accountContract.endpoints.changePassword.path, () => ok({ jwtToken: 'new-token', tokenExp: 2_000_000_000, passwordChangedAt: '2025-06-01T02:03:04.000Z' }));
      await fillPassword(user, 'Old-password-2024', 'New-password-2025', 'New-password-2025');
      await user.click(passwordSection().getByTestId('password-submit'));
      expect(await passwordSection().findByTestId('password-sign-in-again')).toBeInTheDocument();
    });
  });

  it('without ac_pref_write shows the preferences read-only with a note; the own password stays changeable', async () => {
    await renderReady(['home', 'ac_pref_read']);
    expect(screen.queryByTestId('password-read-only')).not.toBeInTheDocument();
    expect(screen.getByTestId('preferences-read-only')).toBeInTheDocument();
    expect(passwordSection().getByTestId('password-submit')).toBeEnabled();
    expect(field(/^Current password/)).toBeEnabled();
    for (const radio of within(screen.getByTestId('account-preferences')).getAllByRole('radio')) expect(radio).toBeDisabled();
    expect(screen.queryByTestId('mfa-set-up')).not.toBeInTheDocument();
  });

  it('without any account code (staff with approval codes only): profile and own password, no preferences', async () => {
    await renderReady(['apv_chg_bill_addr_read']);
    expect(passwordSection().getByTestId('password-submit')).toBeEnabled();
    expect(field(/^Current password/)).toBeEnabled();
    expect(screen.queryByTestId('account-preferences')).not.toBeInTheDocument();
  });

  it('previews the font size at once, saves both preferences and switches the UI language', async () => {
    const user = await renderReady();
    const calls = recordCalls(loginContract.endpoints.savePreferenceInfo.path, (body) => ok({ fontSize: body.fontSize, preferredLanguage: body.preferredLanguage }));
    const prefs = within(screen.getByTestId('account-preferences'));
    await user.click(prefs.getByRole('radio', { name: 'Large' }));
    expect(document.documentElement.getAttribute(FONT_SIZE_ATTRIBUTE)).toBe('L');
    await user.click(prefs.getByRole('radio', { name: '繁體中文' }));
    await user.click(prefs.getByTestId('preferences-save'));
    expect(await prefs.findByTestId('preferences-saved')).toBeInTheDocument();
    expect(calls).toEqual([{ fontSize: 'L', preferredLanguage: 'tc' }]);
    expect(mockRouter.push).toHaveBeenCalledWith('/account', undefined, { locale: 'tc' });
  });

  it('undoes an unsaved font size preview when the page is left', async () => {
    const user = await renderReady();
    usePasswordOutcome.getState().set({ kind: 'changed' });
    await user.click(within(screen.getByTestId('account-preferences')).getByRole('radio', { name: 'Small' }));
    expect(document.documentElement.getAttribute(FONT_SIZE_ATTRIBUTE)).toBe('S');
    user.unmount();
    expect(document.documentElement.getAttribute(FONT_SIZE_ATTRIBUTE)).toBe('M');
    // A password result is forgotten too when the page is left.
    expect(usePasswordOutcome.getState().outcome).toBeNull();
  });

  describe('MFA', () => {
    /** enableMfa: without a code it starts the set-up (QR code and secret); with one, only 123456 is right. */
    const answerMfaSetUp = () =>
      recordCalls(loginContract.endpoints.enableMfa.path, (body) => {
        if (!('code' in body)) return ok({ otpauthUrl: 'otpauth://totp/x', qrDataUrl: 'data:image/png;base64,iVBORw0KGgo=', secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP' });
        return body.code === '123456' ? ok({ mfaEnabled: true }) : fail(401, 'MFA_INVALID');
      });

    it('sets up with the QR code and secret; a wrong code is a field error, not an ended session', async () => {
      const user = await renderReady();
      const calls = answerMfaSetUp();
      const mfa = within(screen.getByTestId('account-mfa'));
      expect(mfa.getByTestId('mfa-status')).toHaveTextContent('Off');
      await user.click(mfa.getByTestId('mfa-set-up'));
      expect(await mfa.findByRole('img', { name: 'QR code for your authenticator app' })).toHaveAttribute('src', 'data:image/png;base64,iVBORw0KGgo=');
      expect(mfa.getByTestId('mfa-secret')).toHaveTextContent('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP');

      await user.type(mfa.getByTestId('mfa-code'), '12');
      await user.click(mfa.getByTestId('mfa-confirm'));
      expect(await mfa.findByText('Enter the 6-digit code from your authenticator app.')).toBeInTheDocument();

      await user.clear(mfa.getByTestId('mfa-code'));
      await user.type(mfa.getByTestId('mfa-code'), '000000');
      await user.click(mfa.getByTestId('mfa-confirm'));
      expect(await mfa.findByText('The verification code is incorrect or has expired.')).toBeInTheDocument();
      expect(useSessionErrorStore.getState().code).toBeNull();

      await user.clear(mfa.getByTestId('mfa-code'));
      await user.type(mfa.getByTestId('mfa-code'), '123456');
      await user.click(mfa.getByTestId('mfa-confirm'));
      expect(await mfa.findByTestId('mfa-done')).toHaveTextContent('Two-step verification is now on.');
      expect(mfa.getByTestId('mfa-status')).toHaveTextContent('On');
      expect(calls).toEqual([{}, { code: '000000' }, { code: '123456' }]);
    });

    it('takes a code typed in full-width digits or pasted with the space an app shows ("123 456")', async () => {
      const user = await renderReady();
      const calls = answerMfaSetUp();
      const mfa = within(screen.getByTestId('account-mfa'));
      await user.click(mfa.getByTestId('mfa-set-up'));
      await user.type(await mfa.findByTestId('mfa-code'), '６５４３２１');
      await user.click(mfa.getByTestId('mfa-confirm'));
      expect(await mfa.findByText('The verification code is incorrect or has expired.')).toBeInTheDocument();
      await user.clear(mfa.getByTestId('mfa-code'));
      await user.click(mfa.getByTestId('mfa-code'));
      await user.paste('123 456');
      await user.click(mfa.getByTestId('mfa-confirm'));
      expect(await mfa.findByTestId('mfa-done')).toHaveTextContent('Two-step verification is now on.');
      expect(calls).toEqual([{}, { code: '654321' }, { code: '123456' }]);
    });

    it('turns off with a current code; an expired session on the way still raises the session dialog', async () => {
      mockSession = sessionWith(['home', 'ac_pref_read', 'ac_pref_write']);
      server.use(
        endpointSuccess(accountContract.endpoints.getProfile, { ...PROFILE, mfaEnabled: true }),
        endpointSuccess(userContract.endpoints.getUcpCustByUcpId, testCustomer({ ucpId: 'UCP-1', nameEn: 'Acme Printing Ltd', nameZh: '艾克美印刷有限公司' })),
      );
      const user = userEvent.setup();
      renderAccount(<AccountScreen />);
      const mfa = within(await screen.findByTestId('account-mfa'));
      expect(mfa.getByTestId('mfa-status')).toHaveTextContent('On');

      let expired = true;
      recordCalls(loginContract.endpoints.enableMfa.path, () => (expired ? fail(401, 'TOKEN_EXPIRED') : ok({ mfaEnabled: false })));
      await user.click(mfa.getByTestId('mfa-turn-off'));
      await user.type(mfa.getByTestId('mfa-code'), '654321');
      await user.click(mfa.getByTestId('mfa-confirm-off'));
      await waitFor(() => expect(useSessionErrorStore.getState().code).toBe('TOKEN_EXPIRED'));

      expired = false;
      await user.click(mfa.getByTestId('mfa-confirm-off'));
      expect(await mfa.findByTestId('mfa-done')).toHaveTextContent('Two-step verification is now off.');
      expect(mfa.getByTestId('mfa-status')).toHaveTextContent('Off');
    });

    it.each(['en', 'tc'] as const)('forced by staff: says so and offers no "Turn off", which the server refuses (%s)', async (lng) => {
      mockSession = sessionWith(['home', 'ac_pref_read', 'ac_pref_write']);
      server.use(
        endpointSuccess(accountContract.endpoints.getProfile, { ...PROFILE, mfaEnabled: true, mfaRequired: true }),
        endpointSuccess(userContract.endpoints.getUcpCustByUcpId, testCustomer({ ucpId: 'UCP-1', nameEn: 'Acme Printing Ltd', nameZh: '艾克美印刷有限公司' })),
      );
      renderAccount(<AccountScreen />, lng);
      const mfa = within(await screen.findByTestId('account-mfa'));
      expect(mfa.getByTestId('mfa-status')).toHaveTextContent(text(lng, 'account:account.mfa.on'));
      expect(mfa.getByTestId('mfa-forced')).toHaveTextContent(text(lng, 'account:account.mfa.forced'));
      expect(mfa.queryByTestId('mfa-turn-off')).not.toBeInTheDocument();
    });
  });
});
