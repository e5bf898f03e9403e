import { siteContentAdminContract } from '@/lib/siteContent/adminContract';
import { getSection, listSections, updateSection } from '@/lib/server/services/siteContent/admin';
import { implement } from './implement';

export const siteContentAdminRoutes = implement(siteContentAdminContract, {
  listSections: ({ service }) => listSections(service),
  getSection: ({ service, body }) => getSection(service, body.id),
  updateSection: ({ service, body }) => updateSection(service, body),
});
