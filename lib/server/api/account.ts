import { accountContract } from '@/lib/account/contract';
import { changePassword, getProfile } from '@/lib/server/services/account';
import { implement } from './implement';

export const accountRoutes = implement(accountContract, {
  getProfile: ({ service }) => getProfile(service.db, service.actor.userAcUuid),
  changePassword: ({ service, config, body }) => changePassword(service, config, { currentPassword: body.currentPassword, newPassword: body.newPassword }),
});
