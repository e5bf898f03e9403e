import { fireEvent, screen } from '@testing-library/react';
import { useSearchQuery } from '@/components/support/HelpScreens';
import { Highlight, SupportSearchBox } from '@/components/support/parts';
import { renderWithProviders } from '../testUtils/render';

/**
 * A search query is cut to the API's 100 UTF-16 units without splitting a character: 𨋢 (CJK extension B, a Hong Kong
 * character) at the 100th unit was cut in half, and the lone surrogate left made the API refuse the search (400).
 */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const long = `${'a'.repeat(99)}𨋢`;

function Probe() {
  const q = useSearchQuery();
  return <output data-testid="q">{JSON.stringify(q)}</output>;
}

describe('support search query', () => {
  it('reads ?q= cut before a character that does not fit whole', () => {
    renderWithProviders(<Probe />, { router: { isReady: true, query: { q: long } } });
    const q = JSON.parse(screen.getByTestId('q').textContent!) as string;
    expect(LONE_SURROGATE.test(q)).toBe(false);
    expect(q).toBe('a'.repeat(99));
  });

  it('keeps a query that fits, extension B characters included', () => {
    renderWithProviders(<Probe />, { router: { isReady: true, query: { q: '𨋢 維修' } } });
    expect(JSON.parse(screen.getByTestId('q').textContent!)).toBe('𨋢 維修');
  });

  it('sends the search box’s query without half a character', () => {
    const { router } = renderWithProviders(<SupportSearchBox action="/customer-support/quick-help/search" label="Search help" initial={long} />);
    fireEvent.click(screen.getByRole('button', { name: /search/i }));
    expect(router.push).toHaveBeenCalledWith({ pathname: '/customer-support/quick-help/search', query: { q: 'a'.repeat(99) } });
  });
});

describe('Highlight', () => {
  it('marks a word written in full-width (ＦＰＳ) found by its NFKC term, in the text’s own characters', () => {
    const { container } = renderWithProviders(<Highlight text="請使用ＦＰＳ轉數快付款，或 FPS 二維碼。" terms={['fps']} />);
    expect(Array.from(container.querySelectorAll('mark'), (m) => m.textContent)).toEqual(['ＦＰＳ', 'FPS']);
    expect(container).toHaveTextContent('請使用ＦＰＳ轉數快付款，或 FPS 二維碼。');
  });

  it('keeps marking right after characters NFKC lengthens (the snippet’s …) and outside the BMP', () => {
    const { container } = renderWithProviders(<Highlight text="…𨋢 Pay by ＦＰＳ or fps… ㍿ toner" terms={['fps', 'toner']} />);
    expect(Array.from(container.querySelectorAll('mark'), (m) => m.textContent)).toEqual(['ＦＰＳ', 'fps', 'toner']);
    expect(container).toHaveTextContent('…𨋢 Pay by ＦＰＳ or fps… ㍿ toner');
  });

  it('marks every occurrence, case-insensitively, and nothing without terms', () => {
    const { container } = renderWithProviders(<Highlight text="Toner and TONER" terms={['toner']} />);
    expect(container.querySelectorAll('mark')).toHaveLength(2);
    const none = renderWithProviders(<Highlight text="Toner" terms={[]} />);
    expect(none.container.querySelectorAll('mark')).toHaveLength(0);
  });
});
