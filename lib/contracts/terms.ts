/**
 * The arithmetic of a contract's terms, shared by the demo bills, the billing schedule and the renewal comparison
 * (one model: docs/contracts-and-meters.md). Pure and browser-safe; money in integer HKD cents, rates as four-decimal
 * strings ('0.0450' HKD per page) computed in ten-thousandths of a dollar so nothing is lost to floating point.
 */
import { addDays, addMonths } from '@/lib/dates/hongKong';
import type { BillingFrequency } from './constants';

export type Terms = {
  periodChargeCents: number;
  minimumChargeCents: number;
  monoRate: string;
  colourRate: string;
  /** Pages included per machine and billing period. */
  monoAllowance: number;
  colourAllowance: number;
};

export type Period = { start: string; end: string; billDate: string };

/** Months in one billing period. */
export const monthsPerPeriod = (frequency: BillingFrequency | string | null | undefined): number => (frequency === 'quarterly' ? 3 : 1);

/**
 * Every billing period of a contract from its start date: monthly or quarterly, the last one cut at the end date; a
 * period is billed the day after it ends.
 */
export function periodsOf(contract: { startDate: string; endDate: string; billingFrequency?: string | null }): Period[] {
  const step = monthsPerPeriod(contract.billingFrequency);
  const out: Period[] = [];
  for (let k = 0; ; k += 1) {
    const start = addMonths(contract.startDate, k * step);
    if (start > contract.endDate) break;
    let end = addDays(addMonths(contract.startDate, (k + 1) * step), -1);
    if (end > contract.endDate) end = contract.endDate;
    out.push({ start, end, billDate: addDays(end, 1) });
  }
  return out;
}

/** HKD/page with four decimals, as text → ten-thousandths of a dollar. */
export const rateE4 = (rate: string | null | undefined): number => Math.round(Number(rate ?? '0') * 10_000);
/**
 * Black & white terms: no colour rate and no colour pages included. Their colour part ("colour HK$0.0000 … 0 pages")
 * is left out wherever terms are written out.
 */
export const isMonoOnly = (x: { colourRate: string | null | undefined; colourAllowance: number }): boolean => rateE4(x.colourRate) === 0 && x.colourAllowance === 0;
/** pages × rate in cents, rounded to the cent. */
export const usageCents = (pages: number, rate: string | null | undefined): number => Math.round((pages * rateE4(rate)) / 100);

/**
 * Pages used between two counter readings. A counter never goes back: a lower closing reading is refused, never read
 * as a roll-over past the counter's maximum (docs: "no silent roll-over").
 */
export function pagesBetween(opening: number, closing: number): number {
  if (!Number.isInteger(opening) || !Number.isInteger(closing) || opening < 0 || closing < 0) throw new RangeError('counters are whole numbers ≥ 0');
  if (closing < opening) throw new RangeError(`counter went back from ${opening} to ${closing}`);
  return closing - opening;
}

export type MachineUsage = { machineId: string; isColour: boolean; mono: number; colour: number };

export type PricedUsage = {
  machineId: string;
  kind: 'mono' | 'colour';
  pages: number;
  allowance: number;
  billablePages: number;
  rate: string;
  amountCents: number;
};

export type PricedPeriod = {
  periodChargeCents: number;
  usage: PricedUsage[];
  usageCents: number;
  /** Top-up to the minimum usage charge (0 when usage reaches it). */
  minimumTopUpCents: number;
  totalCents: number;
};

/** One billing period at the given terms: the period charge, per machine the pages over its allowance × rate, the minimum top-up. */
export function pricePeriod(terms: Terms, machines: readonly MachineUsage[]): PricedPeriod {
  const usage: PricedUsage[] = [];
  for (const m of machines) {
    const kinds: ['mono' | 'colour', number, number, string][] = [['mono', m.mono, terms.monoAllowance, terms.monoRate]];
    if (m.isColour) kinds.push(['colour', m.colour, terms.colourAllowance, terms.colourRate]);
    for (const [kind, pages, allowance, rate] of kinds) {
      const billablePages = Math.max(0, pages - allowance);
      usage.push({ machineId: m.machineId, kind, pages, allowance, billablePages, rate, amountCents: usageCents(billablePages, rate) });
    }
  }
  const used = usage.reduce((s, u) => s + u.amountCents, 0);
  const minimumTopUpCents = terms.minimumChargeCents > 0 && used < terms.minimumChargeCents ? terms.minimumChargeCents - used : 0;
  return { periodChargeCents: terms.periodChargeCents, usage, usageCents: used, minimumTopUpCents, totalCents: terms.periodChargeCents + used + minimumTopUpCents };
}

/**
 * Terms for part of a billing period (`share` of it, 0 < share ≤ 1): the period charge, the minimum and the included
 * pages in proportion (cents and pages rounded); the rates stay.
 */
export function prorateTerms(terms: Terms, share: number): Terms {
  if (share >= 1) return terms;
  return {
    ...terms,
    periodChargeCents: Math.round(terms.periodChargeCents * share),
    minimumChargeCents: Math.round(terms.minimumChargeCents * share),
    monoAllowance: Math.round(terms.monoAllowance * share),
    colourAllowance: Math.round(terms.colourAllowance * share),
  };
}

/**
 * What a run of months would have cost at the given terms, billed at `frequency`: the months are grouped into billing
 * periods (a quarter = three consecutive months), each priced with its allowances and minimum. A last group shorter
 * than a period is priced in proportion (prorateTerms), so every frequency pays for the same months: 11 months of
 * readings once cost four whole quarters (12 months of charges) at quarterly terms against 11 months at a monthly
 * offer, and the renewal comparison favoured the offer by a month's charge.
 */
export function priceMonths(terms: Terms, frequency: BillingFrequency | string, months: readonly (readonly MachineUsage[])[]): number {
  const step = monthsPerPeriod(frequency);
  let total = 0;
  for (let i = 0; i < months.length; i += step) {
    const group = months.slice(i, i + step);
    const groupTerms = prorateTerms(terms, group.length / step);
    const byMachine = new Map<string, MachineUsage>();
    for (const month of group) {
      for (const m of month) {
        const sum = byMachine.get(m.machineId) ?? { ...m, mono: 0, colour: 0 };
        sum.mono += m.mono;
        sum.colour += m.colour;
        byMachine.set(m.machineId, sum);
      }
    }
    total += pricePeriod(groupTerms, [...byMachine.values()]).totalCents;
  }
  return total;
}

/** HK$1,234.50 */
export const formatHkd = (cents: number): string => {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}HK$${Math.trunc(abs / 100).toLocaleString('en-US')}.${String(abs % 100).padStart(2, '0')}`;
};
