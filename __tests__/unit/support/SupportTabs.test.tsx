import { act } from '@testing-library/react';
import { SupportTabs } from '@/components/support/parts';
import { renderWithProviders } from '../testUtils/render';

/**
 * A 390 px phone: the last tab ("Contact us" / 「聯絡我們」) is past the tab row's edge. jsdom lays nothing out, so the
 * browser's IntersectionObserver (what MUI's Tabs watch the first and last tab with) is played here: the first tab
 * is in view, the last is not.
 */
class PhoneObserver {
  constructor(private readonly callback: IntersectionObserverCallback) {}
  observe(target: Element) {
    const isLast = target.nextElementSibling === null;
    this.callback([{ isIntersecting: !isLast, target } as IntersectionObserverEntry], this as unknown as IntersectionObserver);
  }
  disconnect() {}
  unobserve() {}
  takeRecords() {
    return [];
  }
}

describe('SupportTabs on a narrow phone', () => {
  const original = globalThis.IntersectionObserver;
  beforeEach(() => {
    globalThis.IntersectionObserver = PhoneObserver as unknown as typeof IntersectionObserver;
  });
  afterEach(() => {
    globalThis.IntersectionObserver = original;
  });

  it.each(['en', 'tc'] as const)('offers scroll buttons when a tab is cut off (%s)', async (locale) => {
    const { container } = renderWithProviders(<SupportTabs current="quickHelp" />, { locale });
    await act(async () => {});
    const buttons = container.querySelectorAll('.MuiTabScrollButton-root');
    expect(buttons).toHaveLength(2);
    // Towards the cut-off end it can be pressed; the start is already in view.
    expect(buttons[1]).not.toHaveClass('Mui-disabled');
    expect(buttons[0]).toHaveClass('Mui-disabled');
    // And not hidden on a phone (MUI hides scroll buttons below sm unless told otherwise).
    expect(container.querySelector('.MuiTabs-root')).not.toHaveClass('MuiTabs-scrollButtonsHideMobile');
  });
});
