import type { TFunction } from 'i18next';
import { formatMoney } from '@/lib/i18n/locales';

/**
 * A contract's minimum charge as the list and the contract page show it: no minimum is "None" / 「不設」, not
 * "HK$0.00", which reads as a minimum of nothing (the contract summary PDF says it the same way).
 */
export const minimumChargeText = (cents: number, locale: string | undefined, t: TFunction): string =>
  cents > 0 ? formatMoney(cents, locale) : t('contracts:detail.noMinimum');
