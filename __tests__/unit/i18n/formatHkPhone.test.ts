import { formatHkPhone } from '@/lib/i18n/locales';

describe('formatHkPhone', () => {
  it.each([
    ['23456789', '+852 2345 6789'],
    ['+852 2345 6789', '+852 2345 6789'],
    ['+852-9123-4567', '+852 9123 4567'],
    ['00852 61234567', '+852 6123 4567'],
    [' 2345 6789 ', '+852 2345 6789'],
  ])('writes %p as %p', (stored, shown) => {
    expect(formatHkPhone(stored)).toBe(shown);
  });

  it.each([['12345678'], ['+44 20 7946 0958'], ['2345678'], ['ext. 12']])('leaves %p, not an 8-digit Hong Kong number, as stored', (stored) => {
    expect(formatHkPhone(stored)).toBe(stored);
  });

  it('shows nothing for no number', () => {
    expect(formatHkPhone(null)).toBe('');
    expect(formatHkPhone('')).toBe('');
  });
});
