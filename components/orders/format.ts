import type { OrderListItem } from '@/lib/orders/schemas';
import { pickLocalized } from '@/lib/i18n/locales';

/** The part of i18next's `t` these helpers use. */
export type Translate = (key: string, options?: Record<string, unknown>) => string;

/** A courier code as its name in the current language; a code this client does not know is shown as stored. */
export const courierLabel = (t: Translate, courier: string): string => t(`orders:tracking.courier.${courier}`, { defaultValue: courier });

/** "Black toner (Apeos C3060) and 2 more items" in the current language. */
export function itemsSummary(t: Translate, locale: string | undefined, row: Pick<OrderListItem, 'firstItemEn' | 'firstItemZh' | 'itemCount'>): string {
  const first = pickLocalized(locale, row.firstItemEn, row.firstItemZh);
  return row.itemCount > 1 ? t('orders:orders.itemsMore', { first, count: row.itemCount - 1 }) : first;
}

/**
 * The courier's public tracking page for a tracking number (issue 10): SF Express and Kerry Express have one; the
 * provider's own fleet has none (the portal's own tracking page is the place). SF Express has its page in Traditional
 * Chinese (`/hk/tc/`), used on tc pages; Kerry Express keeps its one link (no Traditional Chinese form known).
 */
export function courierTrackingUrl(courier: string, trackingNo: string, locale?: string): string | null {
  const no = encodeURIComponent(trackingNo);
  switch (courier) {
    case 'sf_express':
      return `https://htm.sf-express.com/hk/${locale === 'tc' ? 'tc' : 'en'}/dynamic_function/waybill/#search/bill-number/${no}`;
    case 'kerry_express':
      return `https://hk.kerryexpress.com/track?track=${no}`;
    default:
      return null;
  }
}
