import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Cookies from 'js-cookie';
import { ColorModeToggle } from '@/components/shell/ColorModeToggle';
import { COLOR_MODE_COOKIE, COLOR_SCHEME_ATTRIBUTE } from '@/lib/theme/preferences';
import tcCommon from '@/public/locales/tc/common.json';
import { clearThemeState, renderWithAppTheme } from './appTheme';

const scheme = () => document.documentElement.getAttribute(COLOR_SCHEME_ATTRIBUTE);
const toggle = () => screen.getByTestId('color-mode-toggle');

beforeEach(clearThemeState);
afterAll(clearThemeState);

describe('ColorModeToggle', () => {
  it('starts light without a cookie and offers dark mode', async () => {
    renderWithAppTheme(<ColorModeToggle />);
    await waitFor(() => expect(scheme()).toBe('light'));
    expect(toggle()).toHaveAttribute('data-mode', 'light');
    expect(screen.getByRole('button', { name: 'Switch to dark mode' })).toBe(toggle());
    // Nothing is written until the user chooses.
    expect(Cookies.get(COLOR_MODE_COOKIE) ?? 'light').toBe('light');
  });

  it('toggles light → dark → light, writing the colorMode cookie and the html attribute each time', async () => {
    const user = userEvent.setup();
    renderWithAppTheme(<ColorModeToggle />);
    await waitFor(() => expect(scheme()).toBe('light'));

    await user.click(toggle());
    await waitFor(() => expect(scheme()).toBe('dark'));
    expect(Cookies.get(COLOR_MODE_COOKIE)).toBe('dark');
    expect(toggle()).toHaveAttribute('data-mode', 'dark');
    expect(toggle()).toHaveAccessibleName('Switch to light mode');

    await user.click(toggle());
    await waitFor(() => expect(scheme()).toBe('light'));
    expect(Cookies.get(COLOR_MODE_COOKIE)).toBe('light');
    expect(toggle()).toHaveAccessibleName('Switch to dark mode');
  });

  it('starts in the mode the cookie holds, whatever the html attribute said', async () => {
    Cookies.set(COLOR_MODE_COOKIE, 'dark', { path: '/' });
    document.documentElement.setAttribute(COLOR_SCHEME_ATTRIBUTE, 'light');
    renderWithAppTheme(<ColorModeToggle />);
    await waitFor(() => expect(toggle()).toHaveAttribute('data-mode', 'dark'));
    expect(scheme()).toBe('dark');
    expect(toggle()).toHaveAccessibleName('Switch to light mode');
  });

  it('ignores a garbage cookie (light)', async () => {
    Cookies.set(COLOR_MODE_COOKIE, 'purple', { path: '/' });
    renderWithAppTheme(<ColorModeToggle />);
    await waitFor(() => expect(scheme()).toBe('light'));
    expect(toggle()).toHaveAttribute('data-mode', 'light');
  });

  it('is labelled in Traditional Chinese in tc', async () => {
    const user = userEvent.setup();
    renderWithAppTheme(<ColorModeToggle />, 'tc');
    expect(toggle()).toHaveAccessibleName(tcCommon.colorMode.toDark);
    await user.click(toggle());
    await waitFor(() => expect(toggle()).toHaveAccessibleName(tcCommon.colorMode.toLight));
    expect(Cookies.get(COLOR_MODE_COOKIE)).toBe('dark');
  });
});
