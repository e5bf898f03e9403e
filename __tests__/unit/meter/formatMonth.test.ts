import { monthLabelEvery } from '@/components/meter/parts';
import { formatMonth } from '@/lib/i18n/locales';

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

describe('monthLabelEvery (which months the usage chart’s axis names)', () => {
  it('names every month up to the most that fit, else every second, third … month', () => {
    expect(monthLabelEvery(12, 12)).toBe(1);
    expect(monthLabelEvery(13, 12)).toBe(2);
    expect(monthLabelEvery(24, 12)).toBe(2);
    expect(monthLabelEvery(36, 12)).toBe(3);
    expect(monthLabelEvery(24, 6)).toBe(4);
    expect(monthLabelEvery(0, 12)).toBe(1);
  });
});
