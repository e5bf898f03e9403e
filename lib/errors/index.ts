/**
 * The one error catalogue. Each code has its HTTP status here and its translation key in the `error` namespace
 * (public/locales/{en,tc}/error.json); its description for logs and developers is in ./descriptions.ts (server
 * only: the browser needs the codes, not 2.5 kB of English prose in every page's shared bundle). Services throw
 * `AppError(code)`; the API responder maps it; the client shows `t(\`error:${code}\`)`.
 */
export const ERROR_STATUS = {
  A001: 401,
  AUTH_REQUIRED: 401,
  TOKEN_EXPIRED: 401,
  FORBIDDEN: 403,
  CROSS_SITE: 403,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  VALIDATION: 400,
  MALFORMED_JSON: 400,
  UNSUPPORTED_MEDIA_TYPE: 415,
  PAYLOAD_TOO_LARGE: 413,
  CONFLICT: 409,
  RECORD_CHANGED: 409,
  TOO_MANY_REQUESTS: 429,
  INVALID_CREDENTIALS: 401,
  ACCOUNT_LOCKED: 423,
  ACCOUNT_INACTIVE: 403,
  ACCOUNT_NOT_ACTIVATED: 403,
  MFA_REQUIRED: 401,
  MFA_INVALID: 401,
  MFA_ENROL_REQUIRED: 401,
  SURVEY_LINK_INVALID: 400,
  // Uploads (lib/server/uploads) and payment slips (docs/bills.md).
  FILE_EMPTY: 400,
  FILE_CORRUPT: 400,
  FILE_ACTIVE_CONTENT: 415,
  PAYMENT_AMOUNT_EXCEEDS_BALANCE: 400,
  BILL_ALREADY_PAID: 409,
  BILL_UNDER_REVIEW: 409,
  SLIP_ALREADY_REVIEWED: 409,
  MESSAGE_NOT_DRAFT: 409,
  // Account-information changes (docs/account-changes.md).
  CHANGE_ALREADY_PENDING: 409,
  CHANGE_STATUS_CONFLICT: 409,
  // Meter readings and renewals (docs/contracts-and-meters.md).
  METER_READINGS_INVALID: 400,
  METER_CONFIRM_REQUIRED: 409,
  RENEWAL_NOT_ELIGIBLE: 409,
  RENEWAL_OFFER_UNAVAILABLE: 409,
  // User account maintenance and one-time links (docs/user-accounts.md).
  ACCOUNT_LOCKED_BY_ADMIN: 423,
  LINK_INVALID: 400,
  ACCOUNT_NOT_PENDING: 409,
  USER_IMPORT_INVALID: 400,
  // User groups (docs/user-groups.md).
  GROUP_IN_USE: 409,
  // Service requests (docs/service-requests.md).
  SERVICE_REQUEST_CHANGED: 409,
  SERVICE_REQUEST_WRONG_STATUS: 409,
  SERVICE_REQUEST_WINDOW_CLOSED: 409,
  MACHINE_NOT_SERVICEABLE: 409,
  SUSPENSION_FINAL: 409,
  SERVICE_UNAVAILABLE: 503,
  TIMEOUT: 504,
  INTERNAL: 500,
  NETWORK: 0,
} as const satisfies Record<string, number>;

export type ErrorCode = keyof typeof ERROR_STATUS;

export const isErrorCode = (code: unknown): code is ErrorCode =>
  typeof code === 'string' && Object.prototype.hasOwnProperty.call(ERROR_STATUS, code);

/** Translation key for a code; unknown codes fall back to the generic message. */
export const errorKey = (code: unknown): string => `error:${isErrorCode(code) ? code : 'INTERNAL'}`;

export type ErrorBody = { code: string; message: string; fields?: Record<string, string[]> };

export type SuccessEnvelope<T> = { status: 'success'; data: T; traceId: string };
export type ErrorEnvelope = { status: 'error'; error: ErrorBody; traceId: string };
export type Envelope<T> = SuccessEnvelope<T> | ErrorEnvelope;
