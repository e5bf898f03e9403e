import { formatRate } from '@/lib/i18n/locales';

describe('formatRate', () => {
  it.each([
    ['0', '0.0000'],
    ['0.048', '0.0480'],
    ['0.0450', '0.0450'],
    [' 1.5 ', '1.5000'],
    ['1234.5', '1,234.5000'],
  ])('%j → %j, in both languages', (rate, shown) => {
    expect(formatRate(rate, 'en')).toBe(shown);
    expect(formatRate(rate, 'tc')).toBe(shown);
  });

  it('shows a value that is not a number as given', () => {
    expect(formatRate('n/a', 'en')).toBe('n/a');
    expect(formatRate('', 'en')).toBe('');
  });
});
