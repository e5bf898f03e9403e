import type { renewalOffers } from '@/lib/server/db/schema';

/** What every view of a renewal offer shows of it (the customer's options and the staff's offer list). */
export const offerText = (o: typeof renewalOffers.$inferSelect) => ({
  id: o.id,
  offerCode: o.offerCode,
  nameEn: o.nameEn,
  nameZh: o.nameZh,
  descriptionEn: o.descriptionEn,
  descriptionZh: o.descriptionZh,
});
