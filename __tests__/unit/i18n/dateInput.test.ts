import { dateExample, parseTypedDate, showDate } from '@/lib/i18n/dateInput';

describe('dates typed in the page’s format (issue 10 item 14)', () => {
  it.each([
    ['1 Nov 2026', '2026-11-01'],
    ['01 November 2026', '2026-11-01'],
    ['1 nov. 2026', '2026-11-01'],
    ['Nov 1, 2026', '2026-11-01'],
    ['1/11/2026', '2026-11-01'],
    ['01-11-2026', '2026-11-01'],
    ['2026-11-01', '2026-11-01'],
    ['2026/11/1', '2026-11-01'],
    ['2026年11月1日', '2026-11-01'],
    [' 29 Feb 2028 ', '2028-02-29'],
    // Typed in a Chinese input method's full-width mode (QA: "Enter a valid date.").
    ['２０２６-１２-３１', '2026-12-31'],
    ['２０２６／１２／３１', '2026-12-31'],
    ['２０２６年１２月３１日', '2026-12-31'],
    ['３１/１２/２０２６', '2026-12-31'],
  ])('reads %s as %s', (typed, expected) => {
    expect(parseTypedDate(typed)).toBe(expected);
  });

  it.each(['', '11/31/2026', '31/11/2026', '29 Feb 2027', '1 Smarch 2026', '2026-13-01', 'tomorrow', '1 Nov 26'])('does not read %s as a date', (typed) => {
    expect(parseTypedDate(typed)).toBeNull();
  });

  it('shows a date as the rest of the page does, in each language', () => {
    expect(showDate('2026-11-01', 'en')).toBe('1 Nov 2026');
    expect(showDate('2026-11-01', 'tc')).toBe('2026年11月1日');
    expect(parseTypedDate(showDate('2026-12-31', 'tc'))).toBe('2026-12-31');
    expect(dateExample('en')).toBe('1 Nov 2026');
  });

  it('leaves a day that does not exist as typed instead of rolling it over (QA walk: 2026-02-30 showed as 2 Mar 2026)', () => {
    expect(showDate('2026-02-30', 'en')).toBe('2026-02-30');
    expect(showDate('2026-02-30', 'tc')).toBe('2026-02-30');
    expect(showDate('2026-13-01', 'tc')).toBe('2026-13-01');
    expect(showDate('2028-02-29', 'en')).toBe('29 Feb 2028');
  });
});

describe('dates inside a bill line (issue 10 item 14)', () => {
  it('are shown in the page’s format, in each language', () => {
    const { formatDatesIn } = jest.requireActual<typeof import('@/lib/i18n/dateInput')>('@/lib/i18n/dateInput');
    expect(formatDatesIn('Rental charge, 2026-10-01 – 2026-10-31', 'en')).toBe('Rental charge, 1 Oct 2026 – 31 Oct 2026');
    expect(formatDatesIn('租賃費（2026-10-01 至 2026-10-31）', 'tc')).toBe('租賃費（2026年10月1日 至 2026年10月31日）');
    expect(formatDatesIn('Order 2026-13-45 and SO-2026-001294', 'en')).toBe('Order 2026-13-45 and SO-2026-001294');
  });
});
