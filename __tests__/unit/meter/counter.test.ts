import { readCounter } from '@/lib/meter/counter';

describe('readCounter (the reading form and the CSV)', () => {
  it('reads plain digits and thousands separators as the page writes counters', () => {
    expect(readCounter('0')).toEqual({ value: 0 });
    expect(readCounter(' 1000 ')).toEqual({ value: 1000 });
    expect(readCounter('1,000')).toEqual({ value: 1000 });
    expect(readCounter('307,600')).toEqual({ value: 307_600 });
    expect(readCounter('12,345,678')).toEqual({ value: 12_345_678 });
    expect(readCounter('307 600')).toEqual({ value: 307_600 });
    expect(readCounter('999,999,999')).toEqual({ value: 999_999_999 });
  });

  it('reads full-width digits, comma and space as a Chinese input method types them', () => {
    expect(readCounter('３０７６００')).toEqual({ value: 307_600 });
    expect(readCounter('３０７，６００')).toEqual({ value: 307_600 });
    expect(readCounter('３０７　６００')).toEqual({ value: 307_600 });
    expect(readCounter('１，０００，０００，０００')).toEqual({ error: 'max' });
    for (const bad of ['３．５', '－５', '３，５']) expect(readCounter(bad)).toEqual({ error: 'number' });
  });

  it('refuses decimals, negatives, words and misplaced separators; a number past the limit is too large', () => {
    for (const bad of ['', '1.5', '1,000.5', '-5', '-1,000', 'abc', '1,5', '1,0000', ',100', '100,', '1e3']) expect(readCounter(bad)).toEqual({ error: 'number' });
    expect(readCounter('1,000,000,000')).toEqual({ error: 'max' });
    expect(readCounter('3000000000')).toEqual({ error: 'max' });
  });
});
