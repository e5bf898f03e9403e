/** Promotional offers (docs/offers.md): staff maintenance (offer_read / offer_write) and the customers' home-page card. */
import { defineContract, lazyBodies, download, noBody, output, query, upload } from '@/lib/contract';
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

export const offersContract = defineContract('offers', {
  listOffers: read(
    'Provider staff: offers { items: [{ id, titleEn, titleZh, validFrom, validTo, target, customerCount, status, hasImage, createdAt }], total }. ' +
      'status is expired also for a published offer past validTo (HK date). Filter q (title), status[], target; sort validFrom | validTo | createdAt.',
    schema('listOffersSchema'),
    output<OfferListResult>(),
  ),
  getOffer: read('Provider staff: one offer with its target customers. Unknown: 404.', schema('offerIdSchema'), output<OfferDetail>()),
  // An offer at its schema's maximum (500 target UCP ids of at most 20 characters, texts in both languages, 6 bytes a
  // character) is ≈ 92 kB (`maxJsonSize`): the default JSON cap holds it.
  createOffer: writeId(
    'Provider staff: add an offer as a draft. Titles required in both languages; validTo ≥ validFrom; target selected needs customers (an id that breaks the UCP-id rule: 400 on customerIds.N; unknown: 400 on customerIds, naming them); ' +
      'the call-to-action link is a portal path or an https URL, with labels in both languages. Audited. Answers { id }.',
    schema('createOfferSchema'),
  ),
  updateOffer: edit('Provider staff: edit an offer (same rules as createOffer; the status is kept). Audited. Answers { id }.', schema('updateOfferSchema')),
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
