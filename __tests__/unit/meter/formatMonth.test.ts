import { formatMonth } from '@/components/meter/parts';

describe('formatMonth (usage chart axis and table)', () => {
  it('names a YYYY-MM month short for the axis and with its year for the table, in the page language', () => {
    expect(formatMonth('2025-12', 'en', 'short')).toBe('Dec');
    expect(formatMonth('2025-12', 'en', 'long')).toBe('Dec 2025');
    expect(formatMonth('2026-01', 'tc', 'short')).toBe('1月');
    expect(formatMonth('2026-01', 'tc', 'long')).toBe('2026年1月');
  });

  it('leaves anything that is not a month as it is', () => {
    expect(formatMonth('soon', 'en', 'short')).toBe('soon');
  });
});
