import { offersContract } from '@/lib/offers/contract';
import { OFFER_IMAGE_TYPES } from '@/lib/offers/schemas';
import { createOffer, getOffer, getOfferImage, listHomeOffers, listOffers, setOfferImage, setOfferStatus, updateOffer } from '@/lib/server/services/offers/offers';
import { getUploadFileSize } from '@/lib/server/services/systemParam/getUploadFileSize';
import { megabytes } from '@/lib/server/uploads';
import { fileResponse } from './fileResponse';
import { implement } from './implement';

export const offerRoutes = implement(offersContract, {
  listOffers: ({ service, body }) => listOffers(service, body),
  getOffer: ({ service, body }) => getOffer(service, body.id),
  createOffer: ({ service, body }) => createOffer(service, body),
  updateOffer: ({ service, body }) => updateOffer(service, body),
  setOfferStatus: ({ service, body }) => setOfferStatus(service, body),
  uploadOfferImage: {
    upload: { fileField: 'file', accept: OFFER_IMAGE_TYPES, maxBytes: async (db) => megabytes(await getUploadFileSize(db)) },
    handler: ({ service, body, file }) => setOfferImage(service, body.id, file),
  },
  getOfferImage: async ({ service, body }) => fileResponse(await getOfferImage(service, body.id)),
  listHomeOffers: ({ service }) => listHomeOffers(service),
});
