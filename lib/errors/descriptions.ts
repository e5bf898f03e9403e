/**
 * What each error code means, in English, for logs, the server's messages and developers (the user reads the
 * translated `error:<code>` text instead). Server only: kept out of lib/errors/index.ts, which every page loads.
 */
import type { ErrorCode } from './index';

export const ERROR_DESCRIPTIONS: Record<ErrorCode, string> = {
  A001: 'Session missing on a protected page',
  AUTH_REQUIRED: 'No or unreadable token',
  TOKEN_EXPIRED: 'Token expired or revoked',
  FORBIDDEN: 'Missing function code',
  CROSS_SITE: 'State-changing request from another site',
  NOT_FOUND: 'Record or endpoint not found (also for records of another customer)',
  METHOD_NOT_ALLOWED: 'Only POST is accepted',
  VALIDATION: 'Body failed validation',
  MALFORMED_JSON: 'Body is not JSON',
  UNSUPPORTED_MEDIA_TYPE: 'Body is not application/json or the file type is not allowed',
  PAYLOAD_TOO_LARGE: 'Body or file over the limit',
  CONFLICT: 'Duplicate submission or stale state',
  RECORD_CHANGED: 'A staff edit sent the version (updatedAt) it loaded and someone else saved the record since: nothing was saved; reload and apply the change again',
  TOO_MANY_REQUESTS: 'Too many attempts',
  INVALID_CREDENTIALS: 'Login id or password wrong',
  ACCOUNT_LOCKED: 'Locked after failed attempts',
  ACCOUNT_INACTIVE: 'Account deactivated',
  ACCOUNT_NOT_ACTIVATED: 'Account not yet activated',
  MFA_REQUIRED: 'TOTP code needed',
  MFA_INVALID: 'TOTP code wrong',
  MFA_ENROL_REQUIRED: 'MFA is forced for the account and no authenticator is set up: enrol one to finish signing in',
  SURVEY_LINK_INVALID: 'Survey opt-out link invalid or expired',
  // Uploads (lib/server/uploads) and payment slips (docs/bills.md).
  FILE_EMPTY: 'The uploaded file is empty',
  FILE_CORRUPT: 'The file is damaged or incomplete (its content does not match its type)',
  FILE_ACTIVE_CONTENT: 'The PDF contains active content (JavaScript, actions, embedded files, forms) or HTML',
  PAYMENT_AMOUNT_EXCEEDS_BALANCE: 'The amount is more than the outstanding balance of the selected bills',
  BILL_ALREADY_PAID: 'A selected bill is already paid',
  BILL_UNDER_REVIEW: 'A payment slip for a selected bill is already waiting for review',
  SLIP_ALREADY_REVIEWED: 'The payment slip was already approved or rejected',
  MESSAGE_NOT_DRAFT: 'The inbox message is no longer a draft (scheduled, being delivered or sent)',
  // Account-information changes (docs/account-changes.md).
  CHANGE_ALREADY_PENDING: 'A request of this type for the same customer (machine, contract) is still waiting for a decision',
  CHANGE_STATUS_CONFLICT: 'The change request is no longer in a status that allows this step (another staff member acted first)',
  // Meter readings and renewals (docs/contracts-and-meters.md).
  METER_READINGS_INVALID: 'One or more meter readings failed their checks: nothing was saved',
  METER_CONFIRM_REQUIRED: 'Some readings are unusually high: confirm them to save',
  RENEWAL_NOT_ELIGIBLE: 'The contract is not open for renewal (outside its window, past its notice deadline, or already renewed)',
  RENEWAL_OFFER_UNAVAILABLE: 'The renewal offer does not apply to this contract or is no longer valid',
  // User account maintenance and one-time links (docs/user-accounts.md).
  ACCOUNT_LOCKED_BY_ADMIN: 'Locked by provider staff until they unlock it',
  LINK_INVALID: 'Activation or password-reset link unknown, already used or expired',
  ACCOUNT_NOT_PENDING: 'The account is already activated: no activation e-mail to send',
  USER_IMPORT_INVALID: 'One or more rows of the import failed their checks: nothing was imported',
  // User groups (docs/user-groups.md).
  GROUP_IN_USE: 'The user group still has members: empty or disable it instead of deleting it',
  // Service requests (docs/service-requests.md).
  SERVICE_REQUEST_CHANGED: 'The service request was changed by someone else since it was read: reload it and try again',
  SERVICE_REQUEST_WRONG_STATUS: 'The service request is not in a status that allows this step',
  SERVICE_REQUEST_WINDOW_CLOSED: 'More than 7 days have passed since the resolution: it can no longer be confirmed or reopened here',
  MACHINE_NOT_SERVICEABLE: 'The machine is no longer in service with the customer: no fault can be reported for it',
  SUSPENSION_FINAL: 'The clock suspension started more than 90 days ago: the due times it moved are final and it can no longer be removed',
  SERVICE_UNAVAILABLE: 'Database unreachable',
  TIMEOUT: 'Request took too long',
  INTERNAL: 'Unexpected error',
  NETWORK: 'Client side: no answer from the server',
};
