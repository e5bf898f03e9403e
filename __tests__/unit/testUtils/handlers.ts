import { delay, http, HttpResponse, type DefaultBodyType, type StrictRequest } from 'msw';
import { loginContract } from '@/lib/auth/contract';
import { userContract } from '@/lib/customer/contract';
import type { ChangeDetail, ChangeListItem, CurrentValues } from '@/lib/accountChanges/schemas';
import type { CurrentCustomer } from '@/lib/customer/schemas';
import type { ErrorBody } from '@/lib/errors';
import { inboxContract } from '@/lib/inbox/contract';
import { systemParamContract } from '@/lib/systemParam/contract';

/** Same-origin path as the client calls it; msw resolves it against jsdom's location. */
type Path = `/api/${string}`;

let traceCounter = 0;
/** Distinct, predictable trace ids so tests can check they are carried through. */
export const nextTraceId = (): string => `trace-${++traceCounter}`;

export type ApiSuccessOptions = { traceId?: string; delayMs?: number | 'infinite'; onRequest?: (req: StrictRequest<DefaultBodyType>) => void };

/** POST `path` answers `{ status: 'success', data, traceId }` with HTTP 200. */
export function apiSuccess<T>(path: Path, data: T, opts: ApiSuccessOptions = {}) {
  return http.post(path, async ({ request }) => {
    opts.onRequest?.(request);
    if (opts.delayMs !== undefined) await delay(opts.delayMs);
    return HttpResponse.json({ status: 'success', data, traceId: opts.traceId ?? nextTraceId() });
  });
}

export type ApiErrorOptions = {
  /** HTTP status, default 400. */
  status?: number;
  message?: string;
  fields?: ErrorBody['fields'];
  traceId?: string;
  delayMs?: number | 'infinite';
};

/** POST `path` answers `{ status: 'error', error: { code, message, fields? }, traceId }` with the given status. */
export function apiError(path: Path, code: string, opts: ApiErrorOptions = {}) {
  return http.post(path, async () => {
    if (opts.delayMs !== undefined) await delay(opts.delayMs);
    const error: ErrorBody = { code, message: opts.message ?? code };
    if (opts.fields) error.fields = opts.fields;
    return HttpResponse.json(
      { status: 'error', error, traceId: opts.traceId ?? nextTraceId() },
      { status: opts.status ?? 400, headers: opts.traceId ? { 'X-Trace-Id': opts.traceId } : undefined },
    );
  });
}

/** POST `path` fails at the network level (no answer). */
export function apiNetworkError(path: Path) {
  return http.post(path, () => HttpResponse.error());
}

/** A deferred answer: the request stays pending until the test calls `release()`. */
export function apiDeferred<T>(path: Path, data: T) {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  const handler = http.post(path, async () => {
    await gate;
    return HttpResponse.json({ status: 'success', data, traceId: nextTraceId() });
  });
  return { handler, release };
}

// ---------------------------------------------------------------------------------------------------------------
// Handlers typed from the contracts (lib/contract): the path and the answer's type come from the endpoint, so a test
// answering with the wrong shape does not compile.

type TypedEndpoint = { path: string };

/** The endpoint answers `data` (or what `data(body)` returns for the request body) as a success envelope. */
export function endpointSuccess<E extends TypedEndpoint & { output: unknown }>(
  endpoint: E,
  data: import('@/lib/contract').OutputOf<E> | ((body: import('@/lib/contract').BodyOf<E>) => import('@/lib/contract').OutputOf<E>),
  opts: ApiSuccessOptions = {},
) {
  return http.post(endpoint.path, async ({ request }) => {
    opts.onRequest?.(request);
    if (opts.delayMs !== undefined) await delay(opts.delayMs);
    const payload =
      typeof data === 'function'
        ? (data as (body: unknown) => unknown)(await request.clone().json().catch(() => ({})))
        : data;
    return HttpResponse.json({ status: 'success', data: payload, traceId: opts.traceId ?? nextTraceId() });
  });
}

/** The endpoint answers an error envelope with `code` (HTTP 400 unless `status` says otherwise). */
export function endpointError(endpoint: TypedEndpoint, code: string, opts: ApiErrorOptions = {}) {
  return apiError(endpoint.path as Path, code, opts);
}

/** The endpoint fails at the network level. */
export function endpointNetworkError(endpoint: TypedEndpoint) {
  return apiNetworkError(endpoint.path as Path);
}

// ---------------------------------------------------------------------------------------------------------------
// What the session bootstrap and the shell read for a signed-in user (components/auth/useSessionData.ts).


/** A full current customer (the header, home and account screens show its names). */
export function testCustomer(overrides: Partial<CurrentCustomer> = {}): CurrentCustomer {
  return {
    ucpId: 'UCP-TEST',
    nameEn: 'Acme Printing Ltd',
    nameZh: '艾克美印刷有限公司',
    brNo: '12345678',
    billingAddressEn: '1 Queen’s Road Central, Hong Kong',
    billingAddressZh: '香港皇后大道中1號',
    contactName: 'Chan Tai Man',
    contactPhone: '+852 2345 6789',
    contactEmail: 'tm.chan@acme.example',
    receiveHardcopyBill: false,
    isProvider: false,
    customerNos: { copier: [], printer: [], software: [] },
    ...overrides,
  };
}

/** One of the customer's machines as the account-change forms list it (`getCurrent`'s `machines`). */
export function testChangeMachine(id: string, serialNo: string, overrides: Partial<CurrentValues['machines'][number]> = {}): CurrentValues['machines'][number] {
  return {
    id,
    serialNo,
    addressEn: 'Unit B, 5/F, Kwai Chung Cargo Centre',
    addressZh: '葵涌貨運中心5樓B室',
    locationEn: 'Dispatch office',
    locationZh: '發貨辦公室',
    tonerAddressEn: 'same',
    tonerAddressZh: '同上',
    tonerContactName: 'Tsang Chi Wai',
    tonerContactPhone: '91723480',
    modelNameEn: 'Ricoh IM 2500',
    modelNameZh: '理光 IM 2500',
    contractNo: 'CT-2024-00118',
    ...overrides,
  };
}

/** A change request as the lists show it: a receive-hardcopy change Chan Tai Man submitted, still pending. */
export function testChangeItem(overrides: Partial<ChangeListItem> = {}): ChangeListItem {
  return {
    id: '00000000-0000-4000-8000-000000000105',
    requestNo: 'ACR-2026-000105',
    type: 'rec_hardcopy',
    status: 'pending',
    channelSource: 'W',
    submittedAt: '2026-11-18T02:10:00.000Z',
    submittedByName: 'Chan Tai Man',
    reviewerComment: null,
    updatedAt: '2026-11-18T02:10:00.000Z',
    ...overrides,
  };
}

type HardcopyChangeDetail = Extract<ChangeDetail, { type: 'rec_hardcopy' }>;

/** That request opened (`getRequest`; staff's `getForReview` adds the customer and the caller's actions): paper bills off. */
export function testChangeDetail(overrides: Partial<Omit<HardcopyChangeDetail, 'type'>> = {}): HardcopyChangeDetail {
  return {
    ...testChangeItem(),
    type: 'rec_hardcopy',
    oldValue: { receiveHardcopy: true, ebillEmail: 'ap@example.hk' },
    newValue: { receiveHardcopy: false, ebillEmail: 'ap@example.hk' },
    effectiveDate: null,
    attachments: [],
    history: [{ at: '2026-11-18T02:10:00.000Z', fromStatus: null, toStatus: 'pending', actorName: 'Chan Tai Man', byProvider: false, comment: null }],
    ...overrides,
  };
}

export type SessionDataAnswers = {
  /** null: the customer cannot be loaded (500). */
  customer?: CurrentCustomer | null;
  lastLoginTime?: string | null;
  unread?: number;
  uploadLimitMb?: number;
  fontSize?: 'S' | 'M' | 'L';
};

/** Answers every session-level query (customer, last sign-in, unread count, upload limit, preference). */
export function sessionDataHandlers(answers: SessionDataAnswers = {}) {
  const customer = answers.customer === undefined ? testCustomer() : answers.customer;
  return [
    customer ? endpointSuccess(userContract.endpoints.getUcpCustByUcpId, customer) : endpointError(userContract.endpoints.getUcpCustByUcpId, 'INTERNAL', { status: 500 }),
    endpointSuccess(userContract.endpoints.getLastLoginTime, { lastLoginTime: answers.lastLoginTime ?? null }),
    endpointSuccess(inboxContract.endpoints.getEmailUnreadCount, answers.unread ?? 0),
    endpointSuccess(systemParamContract.endpoints.getUploadFileSize, { paramValue: answers.uploadLimitMb ?? 1 }),
    endpointSuccess(loginContract.endpoints.getPreferenceInfo, { fontSize: answers.fontSize ?? 'M', preferredLanguage: 'en' }),
  ];
}
