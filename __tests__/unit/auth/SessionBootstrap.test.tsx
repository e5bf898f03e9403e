import { waitFor } from '@testing-library/react';
import { SessionBootstrap } from '@/components/auth/SessionBootstrap';
import { checkTokenContract, loginContract } from '@/lib/auth/contract';
import type { FunctionCode } from '@/lib/permissions/codes';
import { applyFontSize } from '@/lib/theme/applyPreferences';
import { FONT_SIZE_ATTRIBUTE } from '@/lib/theme/preferences';
import { endpointSuccess, sessionDataHandlers } from '../testUtils/handlers';
import { renderWithProviders } from '../testUtils/render';
import { server } from '../testUtils/server';
import { clearThemeState } from '../theme/appTheme';

const root = document.documentElement;

/** The page loads with the size the header's control left in the cookie (L); the server's stored preference is M. */
function loadWithStoredM(codes: readonly FunctionCode[]) {
  let preferenceAsked = false;
  server.use(
    // Before the shared handlers: the first that matches answers.
    endpointSuccess(loginContract.endpoints.getPreferenceInfo, { fontSize: 'M', preferredLanguage: 'en' }, { onRequest: () => void (preferenceAsked = true) }),
    ...sessionDataHandlers({ fontSize: 'M' }),
    endpointSuccess(checkTokenContract.endpoints.checkTokenExpiration, { valid: true, expiresAt: '2099-01-01T00:00:00.000Z', functionCodes: [...codes] }),
  );
  applyFontSize('L');
  renderWithProviders(<SessionBootstrap />, { functionCodes: codes, router: { pathname: '/', asPath: '/' } });
  return { asked: () => preferenceAsked };
}

beforeEach(clearThemeState);
afterAll(clearThemeState);

describe('SessionBootstrap: the saved font size', () => {
  it('is applied for a user who may save it (ac_pref_write): the server keeps that user’s choice', async () => {
    loadWithStoredM(['home', 'ac_pref_read', 'ac_pref_write']);
    await waitFor(() => expect(root.getAttribute(FONT_SIZE_ATTRIBUTE)).toBe('M'));
  });

  it.each([
    ['home only', ['home'] as const],
    ['read-only preferences', ['home', 'ac_pref_read'] as const],
  ])('does not undo the choice kept in the cookie of a user who cannot save one (%s) at every reload', async (_label, codes) => {
    const load = loadWithStoredM(codes);
    await waitFor(() => expect(load.asked()).toBe(true));
    // Let the answer arrive and any effect run.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(root.getAttribute(FONT_SIZE_ATTRIBUTE)).toBe('L');
  });
});
