import type { ApiRoutes } from './router';
import { accountRoutes } from './account';
import { accountChangeRoutes } from './accountChanges';
import { adminRoutes } from './admin';
import { billRoutes } from './bills';
import { checkTokenRoutes } from './checkToken';
import { contractRoutes } from './contracts';
import { cookieRoutes } from './cookies';
import { customerRoutes } from './customers';
import { inboxRoutes } from './inbox';
import { inboxBuilderRoutes } from './inboxBuilder';
import { loginRoutes } from './login';
import { mailRoutes } from './mail';
import { machineRoutes } from './machines';
import { meterRoutes } from './meter';
import { offerRoutes } from './offers';
import { orderRoutes } from './orders';
import { paymentSlipRoutes } from './paymentSlips';
import { renewalRoutes } from './renewal';
import { siteContentAdminRoutes } from './siteContentAdmin';
import { supportAdminRoutes, supportRoutes } from './support';
import { serviceDeskRoutes, serviceRequestRoutes } from './serviceRequests';
import { surveyRoutes } from './survey';
import { systemParamRoutes } from './systemParam';
import { trackingRoutes } from './tracking';
import { userRoutes } from './user';
import { accountLinkRoutes, usersRoutes } from './users';
import { userGroupRoutes } from './userGroups';
import { userListReportRoutes } from './userListReport';

/** The one list of API endpoints: docs/api.md and the authorization-matrix test are generated from it. */
export const apiRoutes: ApiRoutes = {
  ...systemParamRoutes,
  ...loginRoutes,
  ...checkTokenRoutes,
  ...userRoutes,
  ...cookieRoutes,
  ...inboxRoutes,
  ...accountRoutes,
  ...surveyRoutes,
  ...orderRoutes,
  ...trackingRoutes,
  ...billRoutes,
  ...paymentSlipRoutes,
  ...mailRoutes,
  ...inboxBuilderRoutes,
  ...accountChangeRoutes,
  ...meterRoutes,
  ...contractRoutes,
  ...renewalRoutes,
  ...supportRoutes,
  ...supportAdminRoutes,
  ...siteContentAdminRoutes,
  ...adminRoutes,
  ...customerRoutes,
  ...usersRoutes,
  ...accountLinkRoutes,
  ...userGroupRoutes,
  ...userListReportRoutes,
  ...offerRoutes,
  ...machineRoutes,
  ...serviceRequestRoutes,
  ...serviceDeskRoutes,
};
