import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Cookies from 'js-cookie';
import { http, HttpResponse } from 'msw';
import { FontSizeControl } from '@/components/shell/FontSizeControl';
import { FONT_SIZE_ATTRIBUTE, FONT_SIZE_COOKIE } from '@/lib/theme/preferences';
import { loginContract } from '@/lib/auth/contract';
import tcCommon from '@/public/locales/tc/common.json';
import { server } from '../testUtils/server';
import { renderWithProviders } from '../testUtils/render';
import { clearThemeState } from '../theme/appTheme';

const root = document.documentElement;
const SAVE = loginContract.endpoints.savePreferenceInfo.path;

/** Records every body posted to savePreferenceInfo and answers as the server does. */
function recordSaves() {
  const bodies: unknown[] = [];
  server.use(
    http.post(SAVE, async ({ request }) => {
      const body = (await request.json()) as { fontSize?: string };
      bodies.push(body);
      return HttpResponse.json({ status: 'success', data: { fontSize: body.fontSize ?? 'M', preferredLanguage: 'en' }, traceId: 't' });
    }),
  );
  return bodies;
}

/** A size button by the descriptive part of its name (the name is "<shown text> <description>"). */
const sizeButton = (name: RegExp | string) =>
  screen.getByRole('button', { name: typeof name === 'string' ? new RegExp(`${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) : name });
const pressed = () => screen.getAllByRole('button').filter((b) => b.getAttribute('aria-pressed') === 'true').map((b) => b.textContent);

beforeEach(clearThemeState);
afterAll(clearThemeState);

describe('FontSizeControl', () => {
  it('shows M chosen when nothing was applied yet, inside a labelled group', () => {
    recordSaves();
    renderWithProviders(<FontSizeControl />, { functionCodes: ['home'] });
    expect(screen.getByRole('group', { name: 'Font size' })).toBeInTheDocument();
    expect(pressed()).toEqual(['A']);
  });

  it.each([
    ['S', 'Small font size'],
    ['M', 'Medium font size'],
    ['L', 'Large font size'],
  ] as const)('choosing %s sets <html data-font-size> and the fontSize cookie', async (size, label) => {
    recordSaves();
    const user = userEvent.setup();
    // Start from another size so that M is a change too.
    root.setAttribute(FONT_SIZE_ATTRIBUTE, size === 'L' ? 'S' : 'L');
    renderWithProviders(<FontSizeControl />, { functionCodes: ['home'] });
    await user.click(sizeButton(label));
    expect(root.getAttribute(FONT_SIZE_ATTRIBUTE)).toBe(size);
    expect(Cookies.get(FONT_SIZE_COOKIE)).toBe(size);
    expect(sizeButton(label)).toHaveAttribute('aria-pressed', 'true');
  });

  it('saves the choice on the server when the session holds ac_pref_write', async () => {
    const bodies = recordSaves();
    const user = userEvent.setup();
    renderWithProviders(<FontSizeControl />, { functionCodes: ['home', 'ac_pref_read', 'ac_pref_write'] });
    await user.click(sizeButton('Large font size'));
    await waitFor(() => expect(bodies).toEqual([{ fontSize: 'L' }]));
    await user.click(sizeButton('Small font size'));
    await waitFor(() => expect(bodies).toEqual([{ fontSize: 'L' }, { fontSize: 'S' }]));
  });

  it.each([
    ['home only', ['home'] as const],
    ['read-only preferences', ['home', 'ac_pref_read'] as const],
  ])('does not call the server without ac_pref_write (%s), but still applies the size', async (_label, codes) => {
    const bodies = recordSaves();
    const user = userEvent.setup();
    renderWithProviders(<FontSizeControl />, { functionCodes: codes });
    await user.click(sizeButton('Large font size'));
    expect(root.getAttribute(FONT_SIZE_ATTRIBUTE)).toBe('L');
    // Give a request every chance to be sent.
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(bodies).toEqual([]);
  });

  it('re-selecting the chosen size changes nothing (exclusive group: no deselect, no save)', async () => {
    const bodies = recordSaves();
    const user = userEvent.setup();
    root.setAttribute(FONT_SIZE_ATTRIBUTE, 'L');
    renderWithProviders(<FontSizeControl />, { functionCodes: ['home', 'ac_pref_write'] });
    await user.click(sizeButton('Large font size'));
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(root.getAttribute(FONT_SIZE_ATTRIBUTE)).toBe('L');
    expect(pressed()).toEqual(['A+']);
    expect(bodies).toEqual([]);
  });

  it('follows a font size applied elsewhere (account page, sign-in preference) through the html attribute', async () => {
    recordSaves();
    renderWithProviders(<FontSizeControl />, { functionCodes: ['home'] });
    expect(pressed()).toEqual(['A']);
    act(() => root.setAttribute(FONT_SIZE_ATTRIBUTE, 'L'));
    await waitFor(() => expect(pressed()).toEqual(['A+']));
    act(() => root.setAttribute(FONT_SIZE_ATTRIBUTE, 'S'));
    await waitFor(() => expect(pressed()).toEqual(['A-']));
    // An unknown value reads as the default.
    act(() => root.setAttribute(FONT_SIZE_ATTRIBUTE, 'XL'));
    await waitFor(() => expect(pressed()).toEqual(['A']));
  });

  it('is labelled in Traditional Chinese in tc', () => {
    recordSaves();
    renderWithProviders(<FontSizeControl />, { functionCodes: ['home'], locale: 'tc' });
    expect(screen.getByRole('group', { name: tcCommon.fontSize.label })).toBeInTheDocument();
    expect(sizeButton(tcCommon.fontSize.L)).toHaveTextContent(tcCommon.fontSize.shortL);
  });
});

it('each size button\'s accessible name starts with the text it shows (WCAG 2.5.3)', () => {
  renderWithProviders(<FontSizeControl />, { functionCodes: ['home'] });
  const buttons = screen.getAllByRole('button');
  expect(buttons).toHaveLength(3);
  for (const b of buttons) expect(b.getAttribute('aria-label')!.startsWith(b.textContent!.trim())).toBe(true);
});
