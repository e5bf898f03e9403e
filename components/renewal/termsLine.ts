import type { TFunction } from 'i18next';
import { formatMoney, formatRate, numberFormat } from '@/lib/i18n/locales';
import type { ContractTerms } from '@/lib/contracts/schemas';
import { isMonoOnly } from '@/lib/contracts/terms';

/**
 * A contract's or renewal offer's pricing terms as one line ("HK$880.00 a month, minimum …"), for the customer's
 * renewal screen and the staff's renewal log alike. Renewal offers are billed monthly; a current contract may be
 * billed quarterly and says so.
 */
export function renewalTermsLine(t: TFunction, locale: string | undefined, x: ContractTerms, frequency: string = 'monthly'): string {
  // No minimum charge (an offer saved without one stores 0): the line leaves the clause out ("minimum HK$0.00" read as a
  // term). Black & white terms (no colour rate, no colour pages) leave the colour part out ("colour HK$0.0000 … 0 pages").
  const bw = isMonoOnly(x);
  const context = x.minimumChargeCents > 0 ? (bw ? 'bw' : undefined) : bw ? 'bwNoMinimum' : 'noMinimum';
  return t('renewal:detail.termsLine', {
    ...(context ? { context } : {}),
    per: t(`renewal:detail.per.${frequency === 'quarterly' ? 'quarterly' : 'monthly'}`),
    charge: formatMoney(x.periodChargeCents, locale),
    minimum: formatMoney(x.minimumChargeCents, locale),
    // Same precision for both (a snapshot's "0" beside "0.0480" read "HK$0" next to "HK$0.0480").
    mono: formatRate(x.monoRate, locale),
    colour: formatRate(x.colourRate, locale),
    monoIncl: numberFormat(locale).format(x.monoAllowance),
    colourIncl: numberFormat(locale).format(x.colourAllowance),
  });
}
