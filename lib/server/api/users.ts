import { accountLinksContract, usersContract } from '@/lib/users/contract';
import { exportUsers, importUsers } from '@/lib/server/services/users/fileIo';
import { requestPasswordReset, checkLink, setPasswordByLink } from '@/lib/server/services/users/links';
import { createUser, getUser, listUsers, resendActivation, resetMfa, setUserStatus, updateUser, userFormOptions } from '@/lib/server/services/users/maintenance';
import { XLSX_MIME } from '@/lib/server/uploads';
import { fileResponse } from './fileResponse';
import { implement } from './implement';

/** An import file: one sheet of users, far below the 10 MB cap for 1,000 rows. */
const IMPORT_MAX_BYTES = 2 * 1024 * 1024;

export const usersRoutes = implement(usersContract, {
  listUsers: ({ service, body }) => listUsers(service, body),
  getUser: ({ service, body }) => getUser(service, body.id),
  userFormOptions: ({ service }) => userFormOptions(service),
  createUser: ({ service, body }) => createUser(service, body),
  updateUser: ({ service, body }) => updateUser(service, body),
  setUserStatus: ({ service, body }) => setUserStatus(service, body),
  resetMfa: ({ service, body }) => resetMfa(service, body.id),
  resendActivation: ({ service, body }) => resendActivation(service, body.id),
  exportUsers: async ({ service, body }) => fileResponse(await exportUsers(service, body)),
  importUsers: {
    upload: { fileField: 'file', accept: ['text/csv', XLSX_MIME], maxBytes: async () => IMPORT_MAX_BYTES },
    handler: ({ service, body, file }) => importUsers(service, file, body.dryRun === 'true'),
  },
});

export const accountLinkRoutes = implement(accountLinksContract, {
  checkLink: ({ service, clientIp, body }) => checkLink(service, clientIp, body.token, body.purpose),
  setPassword: ({ service, clientIp, body }) => setPasswordByLink(service, clientIp, body),
  requestPasswordReset: ({ service, clientIp, body }) => requestPasswordReset(service, clientIp, body.loginId),
});
