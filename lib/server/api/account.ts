import { accountContract } from '@/lib/account/contract';
import { changePassword, getProfile } from '@/lib/server/services/account';
import { implement } from './implement';

export const accountRoutes = implement(accountContract, {
  getProfile: ({ db, principal }) => getProfile(db, principal.userAcUuid),
  changePassword: ({ db, config, principal, body, traceId }) =>
    changePassword(db, config, {
      userAcUuid: principal.userAcUuid,
      ucpId: principal.ucpId,
      currentPassword: body.currentPassword,
      newPassword: body.newPassword,
      traceId,
    }),
});
