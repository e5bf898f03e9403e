/**
 * Promotional offers (docs/offers.md): staff maintain them (offer_read / offer_write); published offers within their
 * validity appear on the home page of the customers they target. Shared by the API and the screens (client-safe).
 */
import { z } from 'zod';
import { isoDateSchema, listBodySchema, type ListResult, searchStatusFilter } from '@/lib/listQuery';
import { msg } from '@/lib/zodMessages';
import { required, text, versionSchema, trimHalfWidth } from '@/lib/zodText';
import { UCP_ID_MAX_LENGTH, UCP_ID_PATTERN } from '@/lib/customers/constants';
import { findRoute } from '@/lib/permissions/routes';
import { isSafeCtaUrl } from './links';
import { OFFER_STATUSES, OFFER_TARGETS, type OfferStatus } from './constants';

export * from './constants';

export { isSafeCtaUrl } from './links';

/** The image: JPEG or PNG, decided by its content (lib/server/uploads), not its name. */
export const OFFER_IMAGE_TYPES = ['image/jpeg', 'image/png'] as const;
export const OFFER_IMAGE_ACCEPT = '.jpg,.jpeg,.png,image/jpeg,image/png';

/** A typed value quoted in a message: a pasted paragraph is cut to its start. */
const excerpt = (value: string) => (value.length > 24 ? `${value.slice(0, 20)}…` : value);
const notUcpId = (issue: { input?: unknown }) => msg('offers:errors.ucpIdFormat', { id: excerpt(String(issue.input)) });

/**
 * A portal path names one of the portal's pages (the route table; `[id]` pages with any id, a `/tc` prefix allowed), not
 * a sign-in page: a mistyped path passed isSafeCtaUrl and put a button on customers' home pages that opened "page not
 * found". Web addresses and no link are not its concern (true). Here, not in ./links.ts, which the home page reads
 * and keeps free of imports.
 */
export function isPortalPageCta(value: string): boolean {
  if (!value.startsWith('/') || !isSafeCtaUrl(value)) return true;
  const rule = findRoute(value);
  return rule !== undefined && rule.path !== '/404' && rule.isLoginPage !== true;
}

export const ctaUrlSchema = text(500)
  .refine(isSafeCtaUrl, { error: msg('offers:errors.ctaUrl') })
  .refine(isPortalPageCta, { error: msg('offers:errors.ctaUrlPage') });

export const offerFieldsSchema = z
  .strictObject({
    titleEn: required(120),
    titleZh: required(120),
    descriptionEn: text(2000),
    descriptionZh: text(2000),
    validFrom: isoDateSchema,
    validTo: isoDateSchema,
    target: z.enum(OFFER_TARGETS),
    /**
     * UCP ids when target is `selected`, by the customers' own rule (UCP_ID_PATTERN); one that cannot be a UCP id is
     * named in the message (it may be one of fifty typed). Before, any 40 characters passed here.
     */
    customerIds: z
      .array(z.string().overwrite(trimHalfWidth).toUpperCase().regex(UCP_ID_PATTERN, { error: notUcpId }).max(UCP_ID_MAX_LENGTH, { error: notUcpId }))
      .max(500),
    ctaUrl: ctaUrlSchema,
    ctaLabelEn: text(40),
    ctaLabelZh: text(40),
  })
  .superRefine((v, ctx) => {
    // Only two real dates are compared: a start typed as "ab" is flagged on its own field alone, not also as an end
    // "before the start" (QA: both errors showed).
    if (isoDateSchema.safeParse(v.validFrom).success && isoDateSchema.safeParse(v.validTo).success && v.validTo < v.validFrom) {
      ctx.addIssue({ code: 'custom', path: ['validTo'], message: 'offers:errors.validTo' });
    }
    if (v.target === 'selected' && v.customerIds.length === 0) ctx.addIssue({ code: 'custom', path: ['customerIds'], message: 'offers:errors.customersRequired' });
    if (v.ctaUrl && (!v.ctaLabelEn || !v.ctaLabelZh)) {
      if (!v.ctaLabelEn) ctx.addIssue({ code: 'custom', path: ['ctaLabelEn'], message: 'offers:errors.ctaLabel' });
      if (!v.ctaLabelZh) ctx.addIssue({ code: 'custom', path: ['ctaLabelZh'], message: 'offers:errors.ctaLabel' });
    }
    // Button text without a link was accepted and silently dropped (QA): the staff member is asked for the link.
    if (!v.ctaUrl && (v.ctaLabelEn || v.ctaLabelZh)) ctx.addIssue({ code: 'custom', path: ['ctaUrl'], message: 'offers:errors.ctaUrlForLabel' });
  });
export type OfferFields = z.infer<typeof offerFieldsSchema>;

export const offerIdSchema = z.strictObject({ id: z.uuid() });
export const createOfferSchema = offerFieldsSchema;
export const updateOfferSchema = z.strictObject({ id: z.uuid(), version: versionSchema, fields: offerFieldsSchema });
export type UpdateOfferBody = z.infer<typeof updateOfferSchema>;
export const setOfferStatusSchema = z.strictObject({ id: z.uuid(), status: z.enum(OFFER_STATUSES) });
export const offerImageFieldsSchema = z.strictObject({ id: z.uuid() });

export const OFFER_SORT_FIELDS = ['validFrom', 'validTo', 'createdAt'] as const;
export const listOffersSchema = listBodySchema(OFFER_SORT_FIELDS, {
  ...searchStatusFilter(OFFER_STATUSES),
  target: z.enum(OFFER_TARGETS).optional(),
});
export type ListOffersBody = z.infer<typeof listOffersSchema>;

/** A row of the staff list: the offer's own fields as the detail shows them, with how many customers it targets. */
export type OfferListItem = Pick<OfferDetail, 'id' | 'titleEn' | 'titleZh' | 'validFrom' | 'validTo' | 'target' | 'status' | 'hasImage' | 'createdAt'> & {
  customerCount: number;
};
export type OfferListResult = ListResult<OfferListItem>;

export type OfferDetail = OfferFields & {
  id: string;
  /** `expired` also when a published offer's validity has passed (Hong Kong date). */
  status: OfferStatus;
  /** The stored status (a published row past its end date reads `published` here, `expired` in `status`). */
  storedStatus: OfferStatus;
  hasImage: boolean;
  customers: { ucpId: string; nameEn: string; nameZh: string }[];
  publishedAt: string | null;
  createdAt: string;
  updatedAt: string;
};

/** What a customer's home page shows: the offer's own fields as the detail shows them, without its status or targets. */
export type HomeOffer = Pick<OfferDetail, 'id' | 'titleEn' | 'titleZh' | 'descriptionEn' | 'descriptionZh' | 'validTo' | 'hasImage' | 'ctaUrl' | 'ctaLabelEn' | 'ctaLabelZh'>;
