import { pagesBetween, periodsOf, priceMonths, pricePeriod, prorateTerms } from '@/lib/contracts/terms';
import { readingDue } from '@/lib/meter/due';
import { intervalsOf, lastMonths, usageMonthOf } from '@/lib/meter/usage';

describe('usage arithmetic', () => {
  it('pages between two readings; a counter that goes back is refused, never read as a roll-over', () => {
    expect(pagesBetween(999_990, 1_000_500)).toBe(510);
    expect(() => pagesBetween(999_999_990, 12)).toThrow(RangeError);
    expect(() => intervalsOf([{ readingDate: '2026-01-01', monoCounter: 500, colourCounter: 0 }, { readingDate: '2026-02-01', monoCounter: 400, colourCounter: 0 }])).toThrow(RangeError);
  });

  it('intervals sort readings by date first', () => {
    expect(
      intervalsOf([
        { readingDate: '2026-03-01', monoCounter: 300, colourCounter: 30 },
        { readingDate: '2026-01-01', monoCounter: 100, colourCounter: 10 },
        { readingDate: '2026-02-01', monoCounter: 250, colourCounter: 12 },
      ]),
    ).toEqual([
      { from: '2026-01-01', to: '2026-02-01', mono: 150, colour: 2 },
      { from: '2026-02-01', to: '2026-03-01', mono: 50, colour: 18 },
    ]);
  });

  // QA: on 3 December the machine page's "Dec 2026" showed the pages of the reading of 1 December, November's.
  it.each([
    ['2026-11-01', '2026-12-01', '2026-11'],
    ['2026-10-31', '2026-11-30', '2026-11'],
    ['2026-11-15', '2026-12-15', '2026-12'],
    ['2026-12-01', '2027-01-01', '2026-12'],
  ])('pages from %s to %s count in %s, the month of the last day they cover', (from, to, month) => {
    expect(usageMonthOf({ to })).toBe(month);
    expect(usageMonthOf(intervalsOf([{ readingDate: from, monoCounter: 0, colourCounter: 0 }, { readingDate: to, monoCounter: 10, colourCounter: 0 }])[0]!)).toBe(month);
  });

  it('last months align machines from the most recent interval', () => {
    const r = (d: string, n: number) => ({ readingDate: d, monoCounter: n, colourCounter: 0 });
    const months = lastMonths(
      [
        { machineId: 'a', isColour: false, readings: [r('2026-01-01', 0), r('2026-02-01', 100), r('2026-03-01', 300)] },
        { machineId: 'b', isColour: false, readings: [r('2026-02-01', 0), r('2026-03-01', 50)] },
      ],
      '2026-03-31',
      3,
    );
    expect(months).toEqual([[{ machineId: 'a', isColour: false, mono: 100, colour: 0 }], [{ machineId: 'a', isColour: false, mono: 200, colour: 0 }, { machineId: 'b', isColour: false, mono: 50, colour: 0 }]]);
  });
});

describe('contract terms', () => {
  const terms = { periodChargeCents: 100_000, minimumChargeCents: 50_000, monoRate: '0.0450', colourRate: '0.4500', monoAllowance: 1000, colourAllowance: 100 };

  it('prices a period: allowance per machine, rate in ten-thousandths, minimum top-up', () => {
    const p = pricePeriod(terms, [{ machineId: 'a', isColour: true, mono: 7487, colour: 50 }]);
    // 6,487 × 0.0450 = 291.915 → 291.92; colour under its allowance.
    expect(p.usage.map((u) => [u.kind, u.billablePages, u.amountCents])).toEqual([
      ['mono', 6487, 29_192],
      ['colour', 0, 0],
    ]);
    expect(p.minimumTopUpCents).toBe(50_000 - 29_192);
    expect(p.totalCents).toBe(150_000);
  });

  it('prices months in billing periods: a quarter’s allowance covers three months together', () => {
    const month = [{ machineId: 'a', isColour: false, mono: 400, colour: 0 }];
    const t = { ...terms, periodChargeCents: 0, minimumChargeCents: 0 };
    expect(priceMonths(t, 'monthly', [month, month, month])).toBe(0);
    expect(priceMonths(t, 'quarterly', [month, month, month])).toBe(Math.round((200 * 450) / 100));
  });

  // QA (renewal comparison, Harbour View's quarterly rental with 11 months of readings): the last two months were
  // charged a whole quarter, 12 months of charges against 11 at each monthly offer, so every offer looked a month cheaper.
  it('prices a last part-period in proportion, so a quarterly and a monthly contract pay for the same months', () => {
    const month = [{ machineId: 'a', isColour: true, mono: 150, colour: 10 }];
    const monthly = { periodChargeCents: 100_000, minimumChargeCents: 20_000, monoRate: '0.0400', colourRate: '0.4000', monoAllowance: 100, colourAllowance: 5 };
    const quarterly = { ...monthly, periodChargeCents: 300_000, minimumChargeCents: 60_000, monoAllowance: 300, colourAllowance: 15 };
    const eleven = Array.from({ length: 11 }, () => month);
    // Per month: 50 mono × 4 ¢ + 5 colour × 40 ¢ = 400 ¢ of pages, topped up to the 20,000 ¢ minimum.
    expect(priceMonths(monthly, 'monthly', eleven)).toBe(11 * 120_000);
    expect(priceMonths(quarterly, 'quarterly', eleven)).toBe(11 * 120_000);
    // Two months of a quarter: two thirds of its charge, minimum and included pages (rounded).
    expect(priceMonths(quarterly, 'quarterly', [month, month])).toBe(200_000 + 40_000);
    expect(prorateTerms(quarterly, 2 / 3)).toEqual({ ...quarterly, periodChargeCents: 200_000, minimumChargeCents: 40_000, monoAllowance: 200, colourAllowance: 10 });
    expect(prorateTerms(quarterly, 1)).toBe(quarterly);
  });

  it('generates a contract’s periods monthly or quarterly, the last cut at the end date', () => {
    const q = periodsOf({ startDate: '2025-01-21', endDate: '2025-12-31', billingFrequency: 'quarterly' });
    expect(q.map((p) => [p.start, p.end, p.billDate])).toEqual([
      ['2025-01-21', '2025-04-20', '2025-04-21'],
      ['2025-04-21', '2025-07-20', '2025-07-21'],
      ['2025-07-21', '2025-10-20', '2025-10-21'],
      ['2025-10-21', '2025-12-31', '2026-01-01'],
    ]);
    expect(periodsOf({ startDate: '2024-01-31', endDate: '2024-04-29', billingFrequency: 'monthly' }).map((p) => p.start)).toEqual(['2024-01-31', '2024-02-29', '2024-03-31']);
  });
});

describe('reading due flag', () => {
  it('ok once read, due inside the window, overdue after it', () => {
    // Reading day: the 15th.
    expect(readingDue('2024-01-15', '2026-11-14', '2026-11-24')).toEqual({ flag: 'ok', dueOn: '2026-12-15' });
    expect(readingDue('2024-01-15', '2026-10-15', '2026-11-18')).toEqual({ flag: 'due', dueOn: '2026-11-15' });
    expect(readingDue('2024-01-15', '2026-10-15', '2026-11-24')).toEqual({ flag: 'overdue', dueOn: '2026-11-15' });
    expect(readingDue('2024-01-15', '2026-11-15', '2026-12-12')).toEqual({ flag: 'due', dueOn: '2026-12-15' });
    expect(readingDue('2024-01-15', null, '2026-11-24').flag).toBe('overdue');
  });

  it('a reading missed last month stays overdue inside the next reading day’s window; read, the flag moves on', () => {
    // 2026-11-15 never read; 2026-12-12 is inside 2026-12-15's window.
    expect(readingDue('2024-01-15', '2026-10-15', '2026-12-12')).toEqual({ flag: 'overdue', dueOn: '2026-11-15' });
    expect(readingDue('2024-01-15', '2026-10-15', '2026-12-17')).toEqual({ flag: 'overdue', dueOn: '2026-11-15' });
    // Read early inside the window: ok, the next reading day is the one after.
    expect(readingDue('2024-01-15', '2026-12-11', '2026-12-12')).toEqual({ flag: 'ok', dueOn: '2027-01-15' });
    // A contract that started days ago: its first reading day is due, nothing before it is overdue.
    expect(readingDue('2026-11-20', null, '2026-11-22')).toEqual({ flag: 'due', dueOn: '2026-11-20' });
    expect(readingDue('2026-11-20', null, '2026-11-02')).toEqual({ flag: 'ok', dueOn: '2026-11-20' });
  });
});
