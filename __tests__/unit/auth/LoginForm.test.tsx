import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Session } from 'next-auth';
import { LoginForm, messageKeyForCode } from '@/components/auth/LoginForm';
import WebLoginPage from '@/pages/weblogin';
import LoginPage from '@/pages/login';
import { loginContract } from '@/lib/auth/contract';
import { endpointError, endpointSuccess } from '../testUtils/handlers';
import { renderWithProviders, sessionWith, text, type Lang } from '../testUtils/render';
import { server } from '../testUtils/server';

type MockRouter = { pathname: string; asPath: string; query: Record<string, string>; isReady: boolean; locale: string; replace: jest.Mock; push: jest.Mock };
let mockRouter: MockRouter;
jest.mock('next/router', () => ({ useRouter: () => mockRouter }));

/**
 * The browser's session functions (`@/lib/api/session`, which stands in for next-auth's client), close to the real
 * thing: `useSession` reads a small store (the session query's state), and its `update` is bound to the session of
 * the render that produced it and does nothing while that was null, as the real one (and next-auth 4's) does.
 */
type SessionState = { data: Session | null; status: 'loading' | 'authenticated' | 'unauthenticated' };
let mockSessionState: SessionState = { data: null, status: 'unauthenticated' };
const mockListeners = new Set<() => void>();
function setSessionState(next: SessionState) {
  mockSessionState = next;
  mockListeners.forEach((l) => l());
}
const mockSignIn = jest.fn();
const mockGetSession = jest.fn();
/** The server side of `update({ ucpId })`: the session for the chosen customer. */
const mockServerUpdate = jest.fn();
jest.mock('@/lib/api/session', () => {
  const { useSyncExternalStore } = jest.requireActual<typeof import('react')>('react');
  const subscribe = (l: () => void) => {
    mockListeners.add(l);
    return () => mockListeners.delete(l);
  };
  return {
    // The render helper's session query stays real; what the form reads and calls is driven by the test.
    ...jest.requireActual<typeof import('@/lib/api/session')>('@/lib/api/session'),
    useSession: () => {
      const state = useSyncExternalStore(subscribe, () => mockSessionState);
      return {
        ...state,
        update: async (data: unknown) => (state.data && state.status !== 'loading' ? mockServerUpdate(data) : undefined),
      };
    },
    signIn: (...args: unknown[]) => mockSignIn(...args),
    getSession: () => mockGetSession(),
  };
});

function at(asPath: string, locale: Lang = 'en') {
  const pathname = asPath.split('?')[0]!;
  const query = Object.fromEntries(new URLSearchParams(asPath.split('?')[1] ?? ''));
  mockRouter = { pathname, asPath, query, isReady: true, locale, replace: jest.fn(async () => true), push: jest.fn(async () => true) };
}

const CUSTOMER = sessionWith(['home', 'ac_pref_read', 'ac_pref_write']);

/** next-auth's signIn: an error code, or success (after which the provider holds the new session). */
function signInAnswers(...answers: (string | Session | undefined)[]) {
  for (const answer of answers) {
    mockSignIn.mockImplementationOnce(async () => {
      if (answer === undefined) return undefined;
      if (typeof answer === 'string') return { error: answer, status: 401, ok: false, url: null };
      setSessionState({ data: answer, status: 'authenticated' });
      mockGetSession.mockResolvedValueOnce(answer);
      return { error: undefined, status: 200, ok: true, url: 'http://localhost/login' };
    });
  }
}

function renderForm(lng: Lang = 'en') {
  return renderWithProviders(<LoginForm title="Sign in" />, { locale: lng });
}

async function fillAndSubmit(loginId = 'customer@demo.hk', password = 'Portal#Demo2026') {
  if (loginId) await userEvent.type(screen.getByTestId('login-id'), loginId);
  if (password) await userEvent.type(screen.getByTestId('password'), password);
  await userEvent.click(screen.getByTestId('login-submit'));
}

beforeEach(() => {
  mockSignIn.mockReset();
  mockGetSession.mockReset();
  mockServerUpdate.mockReset();
  setSessionState({ data: null, status: 'unauthenticated' });
  at('/login');
});

describe('messageKeyForCode', () => {
  it.each([
    ['INVALID_CREDENTIALS', 'error:INVALID_CREDENTIALS'],
    ['ACCOUNT_LOCKED', 'error:ACCOUNT_LOCKED'],
    ['TOKEN_EXPIRED', 'error:TOKEN_EXPIRED'],
    // next-auth's own codes
    ['CredentialsSignin', 'error:INVALID_CREDENTIALS'],
    ['SessionRequired', 'error:A001'],
    ['Configuration', 'error:INTERNAL'],
    // anything else (a tampered ?error=) is the generic message, never the raw text
    ['<img src=x onerror=alert(1)>', 'error:INTERNAL'],
    ['toString', 'error:INTERNAL'],
  ])('%s → %s', (code, key) => {
    expect(messageKeyForCode(code)).toBe(key);
  });
});

describe('LoginForm', () => {
  describe.each<Lang>(['en', 'tc'])('refusals, each with its own message (%s)', (lng) => {
    it.each(['INVALID_CREDENTIALS', 'ACCOUNT_LOCKED', 'ACCOUNT_INACTIVE', 'ACCOUNT_NOT_ACTIVATED', 'TOO_MANY_REQUESTS', 'INTERNAL'])('%s', async (code) => {
      at('/login', lng);
      signInAnswers(code);
      renderForm(lng);
      await fillAndSubmit();
      const alert = await screen.findByTestId('login-error');
      expect(alert).toHaveAttribute('data-code', code);
      expect(alert).toHaveTextContent(text(lng, `error:${code}`));
      expect(mockSignIn).toHaveBeenCalledWith('credentials', { redirect: false, callbackUrl: '/', loginId: 'customer@demo.hk', password: 'Portal#Demo2026', totp: '' });
      expect(mockRouter.replace).not.toHaveBeenCalled();
    });
  });

  it('no answer at all is the network message', async () => {
    signInAnswers(undefined);
    renderForm();
    await fillAndSubmit();
    expect(await screen.findByTestId('login-error')).toHaveTextContent(text('en', 'error:NETWORK'));
  });

  it.each<Lang>(['en', 'tc'])('empty fields are refused before any request (%s)', async (lng) => {
    renderForm(lng);
    await userEvent.click(screen.getByTestId('login-submit'));
    expect(await screen.findAllByText(text(lng, 'auth:login.validation.required'))).toHaveLength(2);
    expect(mockSignIn).not.toHaveBeenCalled();
  });

  it('refuses a login id of spaces as empty, and one over 254 characters (set by a script or autofill past the box\'s limit) as too long, before any request', async () => {
    renderForm();
    await fillAndSubmit('   ', '');
    expect(await screen.findAllByText(text('en', 'auth:login.validation.required'))).toHaveLength(2);
    fireEvent.change(screen.getByTestId('login-id'), { target: { value: `${'a'.repeat(247)}@demo.hk` } });
    await userEvent.type(screen.getByTestId('password'), 'p');
    await userEvent.click(screen.getByTestId('login-submit'));
    expect(await screen.findByText(text('en', 'auth:login.validation.tooLong'))).toBeInTheDocument();
    expect(mockSignIn).not.toHaveBeenCalled();
  });

  it('sends the login id without the spaces around it, as the server reads it', async () => {
    signInAnswers('INVALID_CREDENTIALS');
    renderForm();
    await fillAndSubmit('  customer@demo.hk ', 'Portal#Demo2026');
    await screen.findByTestId('login-error');
    expect(mockSignIn).toHaveBeenCalledWith('credentials', { redirect: false, callbackUrl: '/', loginId: 'customer@demo.hk', password: 'Portal#Demo2026', totp: '' });
  });

  it.each<Lang>(['en', 'tc'])('forced MFA: the set-up step shows the QR code and the key, needs a code, and signs in with it (%s)', async (lng) => {
    at('/login', lng);
    const secret = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
    let started = 0;
    server.use(
      endpointSuccess(loginContract.endpoints.startSignInMfaEnrolment, (body) => {
        started += 1;
        expect(body).toEqual({ loginId: 'customer@demo.hk', password: 'Portal#Demo2026' });
        return { otpauthUrl: `otpauth://totp/Portal:customer%40demo.hk?secret=${secret}`, qrDataUrl: 'data:image/png;base64,AAAA', secret };
      }),
    );
    signInAnswers('MFA_ENROL_REQUIRED', CUSTOMER);
    renderForm(lng);
    await fillAndSubmit();
    await screen.findByTestId('login-enrolment');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(text(lng, 'mfa:setUpTitle'));
    expect(screen.getByRole('img', { name: text(lng, 'mfa:qrAlt') })).toHaveAttribute('src', 'data:image/png;base64,AAAA');
    expect(screen.getByTestId('mfa-secret')).toHaveTextContent('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP');
    // Its reason is said once, by the introduction.
    expect(screen.queryByTestId('login-error')).not.toBeInTheDocument();

    // Sending without the code is refused in the form: no new set-up, no request.
    await userEvent.click(screen.getByRole('button', { name: text(lng, 'auth:login.enrolSubmit') }));
    expect(await screen.findByText(text(lng, 'auth:login.validation.totpFormat'))).toBeInTheDocument();
    expect(mockSignIn).toHaveBeenCalledTimes(1);
    expect(started).toBe(1);

    await userEvent.type(screen.getByTestId('totp'), '123456');
    await userEvent.click(screen.getByRole('button', { name: text(lng, 'auth:login.enrolSubmit') }));
    await waitFor(() => expect(mockRouter.replace).toHaveBeenCalled());
    expect(mockSignIn).toHaveBeenLastCalledWith('credentials', { redirect: false, callbackUrl: '/', loginId: 'customer@demo.hk', password: 'Portal#Demo2026', totp: '123456' });
  });

  it('forced MFA: a refused set-up start shows its own message', async () => {
    server.use(endpointError(loginContract.endpoints.startSignInMfaEnrolment, 'TOO_MANY_REQUESTS', { status: 429 }));
    signInAnswers('MFA_ENROL_REQUIRED');
    renderForm();
    await fillAndSubmit();
    const alert = await screen.findByTestId('login-error');
    expect(alert).toHaveAttribute('data-code', 'TOO_MANY_REQUESTS');
    expect(screen.queryByTestId('login-enrolment')).not.toBeInTheDocument();
  });

  it('MFA step: its heading says what it is, and "use another account" goes back to an empty sign-in (issue 10 item 15)', async () => {
    signInAnswers('MFA_REQUIRED');
    renderForm();
    await fillAndSubmit();
    await screen.findByTestId('totp');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(text('en', 'auth:login.mfaTitle'));
    await userEvent.click(screen.getByRole('button', { name: text('en', 'auth:login.otherAccount') }));
    expect(screen.queryByTestId('totp')).not.toBeInTheDocument();
    expect(screen.getByTestId('login-id')).toHaveValue('');
    expect(screen.queryByTestId('login-error')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).not.toHaveTextContent(text('en', 'auth:login.mfaTitle'));
  });

  it('the help names the hotline with its number', () => {
    renderForm();
    expect(screen.getByText(text('en', 'auth:login.help'))).toHaveTextContent(/2880 1234/);
  });

  it('MFA: asks for the code, checks its format in the browser, then sends it with the password', async () => {
    signInAnswers('MFA_REQUIRED', 'MFA_INVALID', CUSTOMER);
    renderForm();
    expect(screen.queryByTestId('totp')).not.toBeInTheDocument();
    await fillAndSubmit();
    const alert = await screen.findByTestId('login-error');
    expect(alert).toHaveAttribute('data-code', 'MFA_REQUIRED');
    expect(alert).toHaveTextContent(text('en', 'error:MFA_REQUIRED'));
    const totp = screen.getByTestId('totp');
    await waitFor(() => expect(totp).toHaveFocus());

    await userEvent.type(totp, '12ab');
    await userEvent.click(screen.getByTestId('login-submit'));
    expect(await screen.findByText(text('en', 'auth:login.validation.totpFormat'))).toBeInTheDocument();
    expect(mockSignIn).toHaveBeenCalledTimes(1);

    await userEvent.clear(totp);
    await userEvent.type(totp, '123456');
    await userEvent.click(screen.getByTestId('login-submit'));
    await waitFor(() => expect(screen.getByTestId('login-error')).toHaveAttribute('data-code', 'MFA_INVALID'));
    expect(screen.getByTestId('login-error')).toHaveTextContent(text('en', 'error:MFA_INVALID'));
    expect(mockSignIn).toHaveBeenLastCalledWith('credentials', expect.objectContaining({ totp: '123456' }));

    await userEvent.clear(totp);
    await userEvent.type(totp, '654321');
    await userEvent.click(screen.getByTestId('login-submit'));
    await waitFor(() => expect(mockRouter.replace).toHaveBeenCalledWith('/'));
  });

  it('MFA: a code typed in full-width digits or pasted as the app shows it ("123 456") is sent, not refused as not six digits', async () => {
    signInAnswers('MFA_REQUIRED', 'MFA_INVALID', CUSTOMER);
    renderForm();
    await fillAndSubmit();
    const totp = await screen.findByTestId('totp');
    await userEvent.type(totp, '１２３４５６');
    await userEvent.click(screen.getByTestId('login-submit'));
    await waitFor(() => expect(mockSignIn).toHaveBeenCalledTimes(2));
    expect(screen.queryByText(text('en', 'auth:login.validation.totpFormat'))).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('login-error')).toHaveAttribute('data-code', 'MFA_INVALID'));
    await userEvent.clear(totp);
    await userEvent.click(totp);
    await userEvent.paste('654 321');
    expect(totp).toHaveValue('654 321');
    await userEvent.click(screen.getByTestId('login-submit'));
    await waitFor(() => expect(mockSignIn).toHaveBeenCalledTimes(3));
    expect(screen.queryByText(text('en', 'auth:login.validation.totpFormat'))).not.toBeInTheDocument();
  });

  it.each<Lang>(['en', 'tc'])('shows the ?error= of the address translated, until the next attempt answers (%s)', async (lng) => {
    at('/login?error=TOKEN_EXPIRED', lng);
    signInAnswers('INVALID_CREDENTIALS');
    renderForm(lng);
    expect(screen.getByTestId('login-error')).toHaveTextContent(text(lng, 'error:TOKEN_EXPIRED'));
    await fillAndSubmit('customer@demo.hk', 'wrong');
    await waitFor(() => expect(screen.getByTestId('login-error')).toHaveAttribute('data-code', 'INVALID_CREDENTIALS'));
    expect(screen.getByTestId('login-error')).toHaveTextContent(text(lng, 'error:INVALID_CREDENTIALS'));
  });

  it.each(['%3Cb%3Ehello%3C%2Fb%3E', 'toString', 'constructor', '__proto__'])('a made-up ?error=%s shows the generic message, not its text', (raw) => {
    at(`/login?error=${raw}`);
    renderForm();
    expect(screen.getByTestId('login-error')).toHaveTextContent(text('en', 'error:INTERNAL'));
    expect(screen.queryByText(/hello|function|Object/)).not.toBeInTheDocument();
    expect(screen.getByTestId('login-submit')).toBeInTheDocument();
  });

  describe.each<Lang>(['en', 'tc'])('the promise to return to a page, only with a page to return to (%s)', (lng) => {
    const heading = () => screen.getByRole('heading', { level: 1 });
    it.each([
      ['/weblogin', WebLoginPage],
      ['/login', LoginPage],
    ] as const)('%s after signing out: the plain sign-in heading and introduction', (path, Page) => {
      at(path, lng);
      renderWithProviders(<Page />, { locale: lng });
      expect(heading()).toHaveTextContent(text(lng, 'auth:login.title'));
      expect(screen.getByTestId('login-intro')).toHaveTextContent(text(lng, 'auth:login.intro'));
      expect(screen.queryByText(text(lng, 'auth:weblogin.intro'))).toBeNull();
    });

    it.each([
      ['/weblogin?deepLink=%2Finbox&deepLinkParams=ucpid%3DUCP100001', WebLoginPage],
      ['/login?deepLink=%2Finbox&error=A001', LoginPage],
      [`/weblogin?${new URLSearchParams({ returnTo: '/account' }).toString()}`, WebLoginPage],
    ] as const)('%s: "sign in to continue" and the page it returns to', (path, Page) => {
      at(path, lng);
      renderWithProviders(<Page />, { locale: lng });
      expect(heading()).toHaveTextContent(text(lng, 'auth:weblogin.title'));
      expect(screen.getByTestId('login-intro')).toHaveTextContent(text(lng, 'auth:weblogin.intro'));
    });

    it('a deep link the portal refuses is no page to return to', () => {
      at('/weblogin?deepLink=https%3A%2F%2Fevil.example.com', lng);
      renderWithProviders(<WebLoginPage />, { locale: lng });
      expect(heading()).toHaveTextContent(text(lng, 'auth:login.title'));
    });
  });

  describe('after sign-in', () => {
    it('goes home', async () => {
      signInAnswers(CUSTOMER);
      renderForm();
      await fillAndSubmit();
      await waitFor(() => expect(mockRouter.replace).toHaveBeenCalledWith('/'));
    });

    it('switches to the preferred language (tc), keeping the deep link, and remembers it in NEXT_LOCALE', async () => {
      at('/weblogin?deepLink=%2Finbox&deepLinkParams=ucpid%3DUCP100001%26id%3D7');
      signInAnswers(sessionWith(['home'], { profile: { preferredLanguage: 'tc' } }));
      renderForm();
      await fillAndSubmit();
      await waitFor(() => expect(mockRouter.replace).toHaveBeenCalledWith('/inbox?ucpid=UCP100001&id=7', undefined, { locale: 'tc' }));
      expect(document.cookie).toContain('NEXT_LOCALE=tc');
      document.cookie = 'NEXT_LOCALE=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
    });

    it('follows the carried deep link with its query', async () => {
      at('/weblogin?deepLink=%2Finbox&deepLinkParams=ucpid%3DUCP100001%26id%3D7');
      signInAnswers(CUSTOMER);
      renderForm();
      await fillAndSubmit();
      await waitFor(() => expect(mockRouter.replace).toHaveBeenCalledWith('/inbox?ucpid=UCP100001&id=7'));
    });

    it('returns to the page the session ended on (the session-expired dialog’s returnTo), any protected page', async () => {
      at(`/weblogin?${new URLSearchParams({ error: 'TOKEN_EXPIRED', returnTo: '/account?tab=password' }).toString()}`);
      signInAnswers(CUSTOMER);
      renderForm();
      await fillAndSubmit();
      await waitFor(() => expect(mockRouter.replace).toHaveBeenCalledWith('/account?tab=password'));
    });

    it.each(['//evil.example/account', 'https://evil.example/', '/login/select-ucp'])('never returns to returnTo=%s', async (returnTo) => {
      at(`/weblogin?${new URLSearchParams({ returnTo }).toString()}`);
      signInAnswers(CUSTOMER);
      renderForm();
      await fillAndSubmit();
      await waitFor(() => expect(mockRouter.replace).toHaveBeenCalledWith('/'));
    });

    it.each(['https://evil.example/inbox', '//evil.example', '/\\evil.example', '%2F%2Fevil.example', 'javascript:alert(1)', '/account'])(
      'never follows deepLink=%s (not one of the portal’s deep-linkable pages)',
      async (deepLink) => {
        at(`/weblogin?${new URLSearchParams({ deepLink, deepLinkParams: 'ucpid=UCP100001' }).toString()}`);
        signInAnswers(CUSTOMER);
        renderForm();
        await fillAndSubmit();
        await waitFor(() => expect(mockRouter.replace).toHaveBeenCalledWith('/'));
        expect(mockRouter.replace).toHaveBeenCalledTimes(1);
      },
    );

    it('shows the disclaimer first, carrying the deep link', async () => {
      at('/weblogin?deepLink=%2Finbox&deepLinkParams=ucpid%3DUCP100001');
      signInAnswers(sessionWith(['home'], { profile: { needsDisclaimer: true } }));
      renderForm();
      await fillAndSubmit();
      await waitFor(() =>
        expect(mockRouter.replace).toHaveBeenCalledWith({ pathname: '/login/disclaimer', query: { deepLink: '/inbox', deepLinkParams: 'ucpid=UCP100001' } }),
      );
    });

    it('sends a user with several customers and no deep link to the selection', async () => {
      signInAnswers(sessionWith([], { currentUser: { userAcUuid: 'u-2', ucpId: null }, profile: { customerCount: 2 } }));
      renderForm();
      await fillAndSubmit();
      await waitFor(() => expect(mockRouter.replace).toHaveBeenCalledWith({ pathname: '/login/select-ucp', query: {} }));
      expect(mockServerUpdate).not.toHaveBeenCalled();
    });

    it('selects the customer a deep link names for a user with several customers, straight to the page', async () => {
      at('/weblogin?deepLink=%2Finbox&deepLinkParams=ucpid%3DUCP100003%26id%3D7');
      const multi = sessionWith([], { currentUser: { userAcUuid: 'u-2', ucpId: null }, profile: { customerCount: 2 } });
      const chosen = sessionWith(['home'], { currentUser: { userAcUuid: 'u-2', ucpId: 'UCP100003' }, profile: { customerCount: 2 } });
      mockServerUpdate.mockImplementation(async (data: { ucpId?: string }) => (data.ucpId === 'UCP100003' ? chosen : null));
      signInAnswers(multi);
      renderForm();
      await fillAndSubmit('multi@demo.hk');
      await waitFor(() => expect(mockRouter.replace).toHaveBeenCalled());
      // The form's `update` must be the one of the signed-in session, not the one captured before sign-in (which
      // next-auth turns into a no-op): otherwise the user lands on /login/select-ucp instead.
      expect(mockServerUpdate).toHaveBeenCalledWith({ ucpId: 'UCP100003' });
      expect(mockRouter.replace).toHaveBeenCalledWith('/inbox?ucpid=UCP100003&id=7');
    });
  });
});
