import { checkTokenContract } from '@/lib/auth/contract';
import { implement } from './implement';

export const checkTokenRoutes = implement(checkTokenContract, {
  checkTokenExpiration: async ({ principal }) => ({
    valid: true,
    expiresAt: new Date(principal.tokenExp * 1000).toISOString(),
    functionCodes: [...principal.codes].sort(),
  }),
});
