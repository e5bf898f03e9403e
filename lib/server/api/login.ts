import { loginContract } from '@/lib/auth/contract';
import {
  acceptDisclaimer,
  authenticate,
  confirmMfaEnrolment,
  disableMfa,
  listUserCustomers,
  logout,
  selectCustomerFor,
  startMfaEnrolment,
  startSignInEnrolment,
} from '@/lib/server/services/auth';
import { getPreferenceInfo, savePreferenceInfo } from '@/lib/server/services/preferences/preferenceInfo';
import { implement } from './implement';

export const loginRoutes = implement(loginContract, {
  authenticate: ({ db, config, body, clientIp }) => authenticate(db, config, { ...body, clientIp }),
  startSignInMfaEnrolment: ({ db, body, clientIp }) => startSignInEnrolment(db, { ...body, clientIp }),
  enableMfa: async ({ db, body, principal }) => {
    const userAcUuid = principal.userAcUuid;
    if ('disable' in body) return disableMfa(db, { userAcUuid, code: body.code });
    if ('code' in body) return confirmMfaEnrolment(db, { userAcUuid, code: body.code });
    return startMfaEnrolment(db, { userAcUuid });
  },
  logout: async ({ db, principal }) => {
    await logout(db, { userAcUuid: principal.userAcUuid });
    return { loggedOut: true };
  },
  getPreferenceInfo: ({ db, principal }) => getPreferenceInfo(db, principal.userAcUuid),
  savePreferenceInfo: ({ db, principal, body }) => savePreferenceInfo(db, principal.userAcUuid, body),
  acceptDisclaimer: async ({ db, principal }) => {
    await acceptDisclaimer(db, { userAcUuid: principal.userAcUuid });
    return { accepted: true };
  },
  getUcpList: ({ db, principal }) => listUserCustomers(db, principal.userAcUuid, principal.isProviderStaff),
  selectCustomer: ({ db, config, principal, body }) => selectCustomerFor(db, config, principal.userAcUuid, body.ucpId),
});
