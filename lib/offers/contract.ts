/** Promotional offers (docs/offers.md): staff maintenance (offer_read / offer_write) and the customers' home-page card. */
import { defineContract, lazyBodies, download, noBody, output, query, upload, withBodyLimit } from '@/lib/contract';
import { maintenance, savedId } from '@/lib/contract/grants';
import type {
  HomeOffer,
  OfferDetail,
  OfferListResult,
  OfferStatus,
} from './schemas';

/** The bodies are loaded when first checked (the server) and never built in the browser (docs/performance.md). */
const schema = lazyBodies(() => import('./schemas'));

const { WRITE, read, write, writeId, edit } = maintenance('offer_read', 'offer_write', ['offers']);
/** An offer at its schema's maximum (500 target customers, texts in both languages), 6 bytes a character: ≈ 149 kB (`maxJsonSize`). */
const OFFER_BODY_LIMIT = 160 * 1024;

export const offersContract = defineContract('offers', {
  listOffers: read(
    'Provider staff: offers { items: [{ id, titleEn, titleZh, validFrom, validTo, target, customerCount, status, hasImage, createdAt }], total }. ' +
      'status is expired also for a published offer past validTo (HK date). Filter q (title), status[], target; sort validFrom | validTo | createdAt.',
    schema('listOffersSchema'),
    output<OfferListResult>(),
  ),
  getOffer: read('Provider staff: one offer with its target customers. Unknown: 404.', schema('offerIdSchema'), output<OfferDetail>()),
  createOffer: withBodyLimit(writeId(
    'Provider staff: add an offer as a draft. Titles required in both languages; validTo ≥ validFrom; target selected needs customers (unknown UCP id: 400 on customerIds); ' +
      'the call-to-action link is a portal path or an https URL, with labels in both languages. Audited. Answers { id }.',
    schema('createOfferSchema'),
  ), OFFER_BODY_LIMIT),
  updateOffer: withBodyLimit(edit('Provider staff: edit an offer (same rules as createOffer; the status is kept). Audited. Answers { id }.', schema('updateOfferSchema')), OFFER_BODY_LIMIT),
  setOfferStatus: write(
    'Provider staff: publish (shown to its customers within its validity), take back to draft, or expire an offer. Audited.',
    schema('setOfferStatusSchema'),
    output<{ id: string; status: OfferStatus }>(),
  ),
  uploadOfferImage: upload({
    summary:
      'MULTIPART/FORM-DATA: field id, one file part `file` (JPEG or PNG by content, at most upload_file_size MB: 413; empty 400 FILE_EMPTY, other type 415, ' +
      'damaged 400 FILE_CORRUPT). Replaces the offer’s image. Audited. Answers { id }.',
    permission: WRITE,
    body: schema('offerImageFieldsSchema'),
    output: savedId,
    invalidates: ['offers'],
  }),
  getOfferImage: download({
    summary:
      'FILE: the offer’s image. Staff with offer_read / offer_write: any offer; a customer user (home): only an offer shown on its home page now (else 404).',
    permission: { anyOf: ['home', 'offer_read', 'offer_write'] },
    body: schema('offerIdSchema'),
  }),
  listHomeOffers: query({
    summary: 'The offers on the caller’s home page: published, within validity today (HK), for all customers or this one; newest first, at most 6.',
    permission: { anyOf: ['home'] },
    body: noBody,
    output: output<HomeOffer[]>(),
  }),
});
