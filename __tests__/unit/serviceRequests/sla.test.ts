/**
 * The SLA clock (docs/service-requests.md): business hours Mon–Fri 09:00–18:00 Hong Kong time, weekends and Hong Kong
 * general holidays skipped.
 */
import { addBusinessMinutes, businessMinutesBetween, HK_PUBLIC_HOLIDAYS, HOLIDAYS_LISTED_UNTIL, holidayListRunsOut, isBusinessDay, slaAtRiskAt, slaDueAt, slaState } from '@/lib/serviceRequests/sla';

const hk = (local: string) => new Date(`${local}+08:00`);
const hkIso = (d: Date) => new Date(d.getTime() + 8 * 3600_000).toISOString().slice(0, 16).replace('T', ' ');

describe('HK business days', () => {
  it('knows weekends and the general holidays of 2026 and 2027', () => {
    expect(isBusinessDay('2026-11-24')).toBe(true); // a Tuesday
    expect(isBusinessDay('2026-11-28')).toBe(false); // Saturday
    expect(isBusinessDay('2026-11-29')).toBe(false); // Sunday
    expect(isBusinessDay('2026-12-25')).toBe(false); // Christmas Day
    expect(isBusinessDay('2026-02-18')).toBe(false); // second day of Lunar New Year
    expect(isBusinessDay('2027-02-09')).toBe(false); // fourth day of Lunar New Year 2027
    expect(isBusinessDay('2027-10-08')).toBe(false); // Chung Yeung 2027
    expect(isBusinessDay('2027-12-24')).toBe(true); // Christmas Eve is a working day
  });

  it('keeps the holiday list sorted, unique and free of Sundays', () => {
    expect([...HK_PUBLIC_HOLIDAYS].sort()).toEqual(HK_PUBLIC_HOLIDAYS);
    expect(new Set(HK_PUBLIC_HOLIDAYS).size).toBe(HK_PUBLIC_HOLIDAYS.length);
    expect(HK_PUBLIC_HOLIDAYS.filter((d) => new Date(`${d}T00:00:00Z`).getUTCDay() === 0)).toEqual([]);
    expect(HK_PUBLIC_HOLIDAYS.filter((d) => d.startsWith('2026'))).toHaveLength(17);
    expect(HK_PUBLIC_HOLIDAYS.filter((d) => d.startsWith('2027'))).toHaveLength(17);
  });
});

describe('the end of the holiday list', () => {
  it('covers to the end of its last year and warns from 90 days before it, and after it', () => {
    expect(HOLIDAYS_LISTED_UNTIL).toBe('2027-12-31');
    expect(holidayListRunsOut('2026-12-02')).toBeNull();
    expect(holidayListRunsOut('2027-10-01')).toBeNull(); // 91 days left
    expect(holidayListRunsOut('2027-10-02')).toEqual({ listedUntil: '2027-12-31', daysLeft: 90 });
    expect(holidayListRunsOut('2028-01-05')).toEqual({ listedUntil: '2027-12-31', daysLeft: -5 });
  });

  it('after the list, a holiday counts as a business day: what the warning is for', () => {
    expect(isBusinessDay('2027-12-27')).toBe(false); // listed
    expect(isBusinessDay('2028-12-25')).toBe(true); // Christmas Day 2028, a Monday, not listed
  });
});

describe('due time', () => {
  /** The due time of a call reported at `reported` (Hong Kong local) with `hours` to answer, as Hong Kong local time. */
  const dueOf = (reported: string, hours: number) => hkIso(slaDueAt(hk(reported), hours));

  // [what it shows, reported (Hong Kong local), response hours, due (Hong Kong local)]
  it.each<[string, string, number, string]>([
    ['adds hours within one business day', '2026-11-24T10:15:00', 4, '2026-11-24 14:15'],
    // 16:30 + 4 h: 1.5 h today, 2.5 h tomorrow.
    ['carries the rest over to the next business day at 09:00', '2026-11-24T16:30:00', 4, '2026-11-25 11:30'],
    ['ends exactly at closing time when the hours fit', '2026-11-24T14:00:00', 4, '2026-11-24 18:00'],
    // Thu 24 Dec 2026 17:00 + 4 h: 1 h on Thursday; 25 (Fri, holiday), 26 (Sat, holiday), 27 (Sun) skipped; 3 h on Monday 28.
    ['skips Christmas and the first weekday after it, and the weekend between', '2026-12-24T17:00:00', 4, '2026-12-28 12:00'],
    // Mon 16 Feb 17:00 + 8 h: 1 h Monday, then Friday 20 Feb 09:00 + 7 h.
    ['skips the three days of Lunar New Year 2026 (Tue–Thu)', '2026-02-16T17:00:00', 8, '2026-02-20 16:00'],
    // Thu 2 Apr 15:00 + 8 h: 3 h Thursday; Fri 3, Sat 4, Sun 5, Mon 6, Tue 7 skipped; 5 h Wednesday 8 Apr.
    ['skips Easter 2026: Good Friday to the day following Easter Monday', '2026-04-02T15:00:00', 8, '2026-04-08 14:00'],
  ])('%s', (_what, reported, hours, due) => {
    expect(dueOf(reported, hours)).toBe(due);
  });

  it('starts the clock at 09:00 when reported before opening, after closing, or at night', () => {
    expect(dueOf('2026-11-24T07:00:00', 4)).toBe('2026-11-24 13:00');
    expect(dueOf('2026-11-24T19:45:00', 4)).toBe('2026-11-25 13:00');
    expect(dueOf('2026-11-24T23:59:00', 8)).toBe('2026-11-25 17:00');
  });

  it('skips the weekend: Friday afternoon runs into Monday', () => {
    expect(dueOf('2026-11-27T16:00:00', 4)).toBe('2026-11-30 11:00');
    expect(dueOf('2026-11-28T10:00:00', 4)).toBe('2026-11-30 13:00'); // reported on Saturday
  });

  it('runs across the 2026/2027 year end and the 2027 holidays', () => {
    // Thu 31 Dec 2026 16:00 + 4 h: 2 h; 1 Jan 2027 holiday (Fri), weekend; 2 h on Monday 4 Jan.
    expect(dueOf('2026-12-31T16:00:00', 4)).toBe('2027-01-04 11:00');
    // Fri 5 Feb 2027 17:00 + 4 h: 1 h; Sat 6 (holiday), Sun 7, Mon 8, Tue 9 (holidays); 3 h Wednesday 10 Feb.
    expect(dueOf('2027-02-05T17:00:00', 4)).toBe('2027-02-10 12:00');
  });

  it('spans several days for long response times', () => {
    // 9 business hours a day: 24 h from Monday 09:00 end on Wednesday 15:00, 27 h at Wednesday closing.
    expect(dueOf('2026-11-23T09:00:00', 24)).toBe('2026-11-25 15:00');
    expect(hkIso(addBusinessMinutes(hk('2026-11-23T09:00:00'), 27 * 60))).toBe('2026-11-25 18:00');
  });
});

describe('business minutes between and the clock state', () => {
  it('counts only business time', () => {
    expect(businessMinutesBetween(hk('2026-11-27T17:00:00'), hk('2026-11-30T10:00:00'))).toBe(120);
    expect(businessMinutesBetween(hk('2026-11-30T10:00:00'), hk('2026-11-27T17:00:00'))).toBe(0);
    expect(businessMinutesBetween(hk('2026-12-24T17:00:00'), hk('2026-12-28T12:00:00'))).toBe(240);
  });

  it('is at risk from an hour of business time before the due time, across the night', () => {
    const reported = hk('2026-11-27T15:30:00'); // Friday, 4 h: 2.5 h on Friday, due Monday 10:30, at risk from 09:30
    const due = slaDueAt(reported, 4);
    const risk = slaAtRiskAt(reported, 4);
    expect(hkIso(due)).toBe('2026-11-30 10:30');
    expect(hkIso(risk)).toBe('2026-11-30 09:30');
    const r = { status: 'acknowledged' as const, dueAt: due, atRiskAt: risk, respondedAt: null };
    expect(slaState(r, hk('2026-11-27T17:59:00'))).toBe('running');
    expect(slaState(r, hk('2026-11-30T09:45:00'))).toBe('at_risk');
    expect(slaState(r, hk('2026-11-30T10:31:00'))).toBe('breached');
    expect(slaState({ ...r, respondedAt: hk('2026-11-30T10:30:00') }, hk('2026-12-01T10:00:00'))).toBe('met');
    expect(slaState({ ...r, respondedAt: hk('2026-11-30T10:31:00') }, hk('2026-12-01T10:00:00'))).toBe('breached');
    expect(slaState({ ...r, status: 'cancelled' }, hk('2026-12-01T10:00:00'))).toBe('stopped');
  });

  it('is at risk as soon as the assigned engineer is expected after the due time, whatever the time left', () => {
    const due = hk('2026-11-30T10:30:00');
    const r = { status: 'engineer_assigned' as const, dueAt: due, atRiskAt: hk('2026-11-30T09:30:00'), respondedAt: null };
    const early = hk('2026-11-27T11:00:00');
    expect(slaState({ ...r, etaAt: hk('2026-11-30T10:30:00') }, early)).toBe('running');
    expect(slaState({ ...r, etaAt: hk('2026-11-30T10:31:00') }, early)).toBe('at_risk');
    // Past due it is breached, and once the engineer arrives the arrival decides.
    expect(slaState({ ...r, etaAt: hk('2026-11-30T12:00:00') }, hk('2026-11-30T10:31:00'))).toBe('breached');
    expect(slaState({ ...r, etaAt: hk('2026-11-30T12:00:00'), respondedAt: hk('2026-11-30T10:00:00') }, early)).toBe('met');
    // An ETA left over from an earlier visit means nothing once the request is not waiting for an engineer.
    expect(slaState({ ...r, status: 'acknowledged', etaAt: hk('2026-11-30T12:00:00') }, early)).toBe('running');
  });
});

describe('clock suspensions (typhoon, black rainstorm)', () => {
  const span = (from: string, to: string) => ({ startsAt: hk(from), endsAt: hk(to) });

  it('skips suspended business time: a 4-hour request of Tuesday 10:00 with black rain 11:00–12:30 is due at 15:30', () => {
    expect(hkIso(slaDueAt(hk('2026-11-24T10:00:00'), 4))).toBe('2026-11-24 14:00');
    expect(hkIso(slaDueAt(hk('2026-11-24T10:00:00'), 4, [span('2026-11-24T11:00:00', '2026-11-24T12:30:00')]))).toBe('2026-11-24 15:30');
    expect(hkIso(slaAtRiskAt(hk('2026-11-24T10:00:00'), 4, [span('2026-11-24T11:00:00', '2026-11-24T12:30:00')]))).toBe('2026-11-24 14:30');
  });

  it('counts only the business time of an overnight signal, and starts a clock reported inside one after it', () => {
    const t8 = span('2026-11-24T17:00:00', '2026-11-25T10:00:00');
    // 16:00 Tuesday: one hour to 17:00, then from 10:00 Wednesday three more.
    expect(hkIso(slaDueAt(hk('2026-11-24T16:00:00'), 4, [t8]))).toBe('2026-11-25 13:00');
    expect(hkIso(slaDueAt(hk('2026-11-25T08:00:00'), 4, [t8]))).toBe('2026-11-25 14:00');
    expect(businessMinutesBetween(hk('2026-11-24T16:00:00'), hk('2026-11-25T13:00:00'), [t8])).toBe(240);
  });

  it('merges overlapping suspensions, ignores one before the report or after the due time, and a due time at a suspension’s start stays', () => {
    const a = span('2026-11-24T11:00:00', '2026-11-24T12:00:00');
    const b = span('2026-11-24T11:30:00', '2026-11-24T13:00:00');
    expect(hkIso(slaDueAt(hk('2026-11-24T10:00:00'), 4, [b, a]))).toBe('2026-11-24 16:00');
    expect(hkIso(slaDueAt(hk('2026-11-24T10:00:00'), 4, [span('2026-11-23T10:00:00', '2026-11-23T12:00:00'), span('2026-11-24T15:00:00', '2026-11-24T17:00:00')]))).toBe('2026-11-24 14:00');
    expect(hkIso(slaDueAt(hk('2026-11-24T10:00:00'), 4, [span('2026-11-24T14:00:00', '2026-11-24T16:00:00')]))).toBe('2026-11-24 14:00');
    // One that ends before it starts is no suspension.
    expect(hkIso(slaDueAt(hk('2026-11-24T10:00:00'), 4, [span('2026-11-24T12:00:00', '2026-11-24T11:00:00')]))).toBe('2026-11-24 14:00');
  });
});

