import { addDays, hkToday } from '@/lib/dates/hongKong';
import type { OfferFields } from '@/lib/renewal/schemas';
import { uniq } from './fixtures';

/**
 * The fields of a renewal offer as the staff dialog sends them (`renewal/saveOffer`'s `offer`): an active 24-month
 * offer valid from today for 100 days, with a unique `T-…` code. Tests override what they look at.
 */
export function renewalOfferFields(overrides: Partial<OfferFields> = {}): OfferFields {
  const today = hkToday();
  return {
    offerCode: `T-OFFER-${uniq().toUpperCase()}`,
    nameEn: 'Test renewal offer',
    nameZh: '續約方案',
    descriptionEn: '',
    descriptionZh: '',
    contractType: null,
    termMonths: 24,
    periodChargeCents: 50_000,
    minimumChargeCents: 0,
    monoRate: '0.04',
    colourRate: '0.4',
    monoAllowance: 0,
    colourAllowance: 0,
    newModelCode: null,
    validFrom: today,
    validTo: addDays(today, 100),
    status: 'active',
    ...overrides,
  };
}
