/**
 * The one error catalogue. Each code has its HTTP status and its translation key in the `error` namespace
 * (public/locales/{en,tc}/error.json). Services throw `AppError(code)`; the API responder maps it; the client
 * shows `t(\`error:${code}\`)`.
 */
export const ERRORS = {
  A001: { http: 401, description: 'Session missing on a protected page' },
  AUTH_REQUIRED: { http: 401, description: 'No or unreadable token' },
  TOKEN_EXPIRED: { http: 401, description: 'Token expired or revoked' },
  FORBIDDEN: { http: 403, description: 'Missing function code' },
  CROSS_SITE: { http: 403, description: 'State-changing request from another site' },
  NOT_FOUND: { http: 404, description: 'Record or endpoint not found (also for records of another customer)' },
  METHOD_NOT_ALLOWED: { http: 405, description: 'Only POST is accepted' },
  VALIDATION: { http: 400, description: 'Body failed validation' },
  MALFORMED_JSON: { http: 400, description: 'Body is not JSON' },
  UNSUPPORTED_MEDIA_TYPE: { http: 415, description: 'Body is not application/json or the file type is not allowed' },
  PAYLOAD_TOO_LARGE: { http: 413, description: 'Body or file over the limit' },
  CONFLICT: { http: 409, description: 'Duplicate submission or stale state' },
  RECORD_CHANGED: { http: 409, description: 'A staff edit sent the version (updatedAt) it loaded and someone else saved the record since: nothing was saved; reload and apply the change again' },
  TOO_MANY_REQUESTS: { http: 429, description: 'Too many attempts' },
  INVALID_CREDENTIALS: { http: 401, description: 'Login id or password wrong' },
  ACCOUNT_LOCKED: { http: 423, description: 'Locked after failed attempts' },
  ACCOUNT_INACTIVE: { http: 403, description: 'Account deactivated' },
  ACCOUNT_NOT_ACTIVATED: { http: 403, description: 'Account not yet activated' },
  MFA_REQUIRED: { http: 401, description: 'TOTP code needed' },
  MFA_INVALID: { http: 401, description: 'TOTP code wrong' },
  MFA_ENROL_REQUIRED: { http: 401, description: 'MFA is forced for the account and no authenticator is set up: enrol one to finish signing in' },
  SURVEY_LINK_INVALID: { http: 400, description: 'Survey opt-out link invalid or expired' },
  // Uploads (lib/server/uploads) and payment slips (docs/bills.md).
  FILE_EMPTY: { http: 400, description: 'The uploaded file is empty' },
  FILE_CORRUPT: { http: 400, description: 'The file is damaged or incomplete (its content does not match its type)' },
  FILE_ACTIVE_CONTENT: { http: 415, description: 'The PDF contains active content (JavaScript, actions, embedded files, forms) or HTML' },
  PAYMENT_AMOUNT_EXCEEDS_BALANCE: { http: 400, description: 'The amount is more than the outstanding balance of the selected bills' },
  BILL_ALREADY_PAID: { http: 409, description: 'A selected bill is already paid' },
  BILL_UNDER_REVIEW: { http: 409, description: 'A payment slip for a selected bill is already waiting for review' },
  SLIP_ALREADY_REVIEWED: { http: 409, description: 'The payment slip was already approved or rejected' },
  MESSAGE_NOT_DRAFT: { http: 409, description: 'The inbox message is no longer a draft (scheduled, being delivered or sent)' },
  // Account-information changes (docs/account-changes.md).
  CHANGE_ALREADY_PENDING: { http: 409, description: 'A request of this type for the same customer (machine, contract) is still waiting for a decision' },
  CHANGE_STATUS_CONFLICT: { http: 409, description: 'The change request is no longer in a status that allows this step (another staff member acted first)' },
  // Meter readings and renewals (docs/contracts-and-meters.md).
  METER_READINGS_INVALID: { http: 400, description: 'One or more meter readings failed their checks: nothing was saved' },
  METER_CONFIRM_REQUIRED: { http: 409, description: 'Some readings are unusually high: confirm them to save' },
  RENEWAL_NOT_ELIGIBLE: { http: 409, description: 'The contract is not open for renewal (outside its window, past its notice deadline, or already renewed)' },
  RENEWAL_OFFER_UNAVAILABLE: { http: 409, description: 'The renewal offer does not apply to this contract or is no longer valid' },
  // User account maintenance and one-time links (docs/user-accounts.md).
  ACCOUNT_LOCKED_BY_ADMIN: { http: 423, description: 'Locked by provider staff until they unlock it' },
  LINK_INVALID: { http: 400, description: 'Activation or password-reset link unknown, already used or expired' },
  ACCOUNT_NOT_PENDING: { http: 409, description: 'The account is already activated: no activation e-mail to send' },
  USER_IMPORT_INVALID: { http: 400, description: 'One or more rows of the import failed their checks: nothing was imported' },
  // User groups (docs/user-groups.md).
  GROUP_IN_USE: { http: 409, description: 'The user group still has members: empty or disable it instead of deleting it' },
  // Service requests (docs/service-requests.md).
  SERVICE_REQUEST_CHANGED: { http: 409, description: 'The service request was changed by someone else since it was read: reload it and try again' },
  SERVICE_REQUEST_WRONG_STATUS: { http: 409, description: 'The service request is not in a status that allows this step' },
  SERVICE_REQUEST_WINDOW_CLOSED: { http: 409, description: 'More than 7 days have passed since the resolution: it can no longer be confirmed or reopened here' },
  MACHINE_NOT_SERVICEABLE: { http: 409, description: 'The machine is no longer in service with the customer: no fault can be reported for it' },
  SERVICE_UNAVAILABLE: { http: 503, description: 'Database unreachable' },
  TIMEOUT: { http: 504, description: 'Request took too long' },
  INTERNAL: { http: 500, description: 'Unexpected error' },
  NETWORK: { http: 0, description: 'Client side: no answer from the server' },
} as const satisfies Record<string, { http: number; description: string }>;

export type ErrorCode = keyof typeof ERRORS;

export const isErrorCode = (code: unknown): code is ErrorCode =>
  typeof code === 'string' && Object.prototype.hasOwnProperty.call(ERRORS, code);

/** Translation key for a code; unknown codes fall back to the generic message. */
export const errorKey = (code: unknown): string => `error:${isErrorCode(code) ? code : 'INTERNAL'}`;

export type ErrorBody = { code: string; message: string; fields?: Record<string, string[]> };

export type SuccessEnvelope<T> = { status: 'success'; data: T; traceId: string };
export type ErrorEnvelope = { status: 'error'; error: ErrorBody; traceId: string };
export type Envelope<T> = SuccessEnvelope<T> | ErrorEnvelope;
