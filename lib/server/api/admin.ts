import { adminContract } from '@/lib/admin/contract';
import { landingCounts } from '@/lib/server/services/admin/landing';
import { implement } from './implement';

export const adminRoutes = implement(adminContract, {
  landingCounts: ({ service }) => landingCounts(service),
});
