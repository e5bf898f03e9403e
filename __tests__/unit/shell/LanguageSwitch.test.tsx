import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Cookies from 'js-cookie';
import { LanguageSwitch } from '@/components/shell/LanguageSwitch';
import { LOCALE_COOKIE } from '@/lib/theme/preferences';
import tcCommon from '@/public/locales/tc/common.json';
import { renderWithProviders } from '../testUtils/render';
import { clearThemeState } from '../theme/appTheme';

beforeEach(clearThemeState);
afterAll(clearThemeState);

const deepPage = { pathname: '/my-orders/manage/[id]', query: { id: 'ORD-1', tab: 'items' }, asPath: '/my-orders/manage/ORD-1?tab=items' };

describe('LanguageSwitch', () => {
  it('en → tc keeps the current page and query, and remembers the choice in NEXT_LOCALE', async () => {
    const user = userEvent.setup();
    const { router } = renderWithProviders(<LanguageSwitch />, { router: deepPage });
    const button = screen.getByRole('button', { name: 'Switch language to 繁體中文' });
    expect(button).toHaveTextContent('繁體中文');
    expect(button).toHaveAttribute('lang', 'zh-Hant-HK');
    await user.click(button);
    expect(router.push).toHaveBeenCalledWith({ pathname: deepPage.pathname, query: deepPage.query }, deepPage.asPath, { locale: 'tc' });
    expect(Cookies.get(LOCALE_COOKIE)).toBe('tc');
  });

  it('tc → en the same way', async () => {
    const user = userEvent.setup();
    const { router } = renderWithProviders(<LanguageSwitch />, { locale: 'tc', router: deepPage });
    const button = screen.getByRole('button', { name: tcCommon.language.switchTo.replace('{{language}}', 'English') });
    expect(button).toHaveAttribute('lang', 'en');
    await user.click(button);
    expect(router.push).toHaveBeenCalledWith({ pathname: deepPage.pathname, query: deepPage.query }, deepPage.asPath, { locale: 'en' });
    expect(Cookies.get(LOCALE_COOKIE)).toBe('en');
  });
});
