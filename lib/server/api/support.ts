import { supportAdminContract } from '@/lib/support/adminContract';
import { supportContract } from '@/lib/support/contract';
import * as admin from '@/lib/server/services/support/admin';
import * as content from '@/lib/server/services/support/content';
import { getEnquiry, listEnquiries, submitEnquiry } from '@/lib/server/services/support/enquiries';
import { storeHelpImage } from '@/lib/server/services/support/images';
import { getUploadFileSize } from '@/lib/server/services/systemParam/getUploadFileSize';
import { megabytes } from '@/lib/server/uploads';
import { HELP_IMAGE_TYPES } from '@/lib/support/schemas';
import { implement } from './implement';

const langOf = (lang: 'en' | 'tc' | undefined) => lang ?? 'en';

export const supportRoutes = implement(supportContract, {
  listHelpTopics: ({ service, body }) => content.listHelpTopics(service, langOf(body.lang)),
  getHelpArticle: ({ service, body }) => content.getHelpArticle(service, body.id, langOf(body.lang)),
  searchHelp: ({ service, body }) => content.searchHelp(service, body.q, langOf(body.lang)),
  listFaq: ({ service, body }) => content.listFaq(service, langOf(body.lang)),
  searchFaq: ({ service, body }) => content.searchFaq(service, body.q, langOf(body.lang)),
  listUsefulLinks: ({ service, body }) => content.listUsefulLinks(service, langOf(body.lang)),
  submitEnquiry: ({ service, body }) => submitEnquiry(service, body),
});

export const supportAdminRoutes = implement(supportAdminContract, {
  listArticles: ({ service, body }) => admin.listArticles(service, body),
  getArticle: ({ service, body }) => admin.getArticle(service, body.id),
  createArticle: ({ service, body }) => admin.createArticle(service, body),
  updateArticle: ({ service, body }) => admin.updateArticle(service, body),
  uploadHelpImage: {
    upload: { fileField: 'file', accept: HELP_IMAGE_TYPES, maxBytes: async (db) => megabytes(await getUploadFileSize(db)) },
    handler: ({ service, file }) => storeHelpImage(service, file),
  },
  listFaqEntries: ({ service, body }) => admin.listFaqEntries(service, body),
  getFaqEntry: ({ service, body }) => admin.getFaqEntry(service, body.id),
  createFaqEntry: ({ service, body }) => admin.createFaqEntry(service, body),
  updateFaqEntry: ({ service, body }) => admin.updateFaqEntry(service, body),
  listLinks: ({ service, body }) => admin.listLinks(service, body),
  getLink: ({ service, body }) => admin.getLink(service, body.id),
  createLink: ({ service, body }) => admin.createLink(service, body),
  updateLink: ({ service, body }) => admin.updateLink(service, body),
  listEnquiries: ({ service, body }) => listEnquiries(service, body),
  getEnquiry: ({ service, body }) => getEnquiry(service, body.id),
});
