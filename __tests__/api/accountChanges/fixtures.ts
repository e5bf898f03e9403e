import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { addDays, hkToday } from '@/lib/dates/hongKong';
import type { FunctionCode } from '@/lib/permissions/codes';
import { ACCOUNT_CHANGE_AREAS } from '@/lib/permissions/codes';
import { changeRequests } from '@/lib/server/db/schema';
import type { Db } from '@/lib/server/db/types';
import { createContract, multipart, pdfBytes, type Part } from '../bills/billFixtures';
import { createMember, tokenFor } from '../helpers/fixtures';
import { createMachine, createModel } from '../helpers/orderFixtures';
import type { TestResponse, TestServer } from '../helpers/testServer';

export const ALL_CUSTOMER_CHANGE_CODES: FunctionCode[] = ACCOUNT_CHANGE_AREAS.flatMap((a): FunctionCode[] => [`${a}_read`, `${a}_write`]);
export const tomorrow = (): string => addDays(hkToday(), 1);
export const ADDRESS = { flat: 'Room 1801', floor: '18', block: '', building: 'Kwun Tong Harbour Plaza', street: '182 Wai Yip Street', district: 'kwun_tong', region: 'kowloon' } as const;
export const ADDRESS_EN = 'Room 1801, 18/F, Kwun Tong Harbour Plaza, 182 Wai Yip Street, Kwun Tong, Kowloon';

/** A customer user with the given codes, two machines and an active contract. */
export async function customerCaller(db: Db, codes: FunctionCode[] = ALL_CUSTOMER_CHANGE_CODES) {
  const m = await createMember(db, codes, {
    customer: { billingAddressEn: 'Old address, Wan Chai', billingAddressZh: '灣仔舊地址', contactName: 'Old Contact', contactPhone: '21234567', contactEmail: 'old@example.hk' },
  });
  const model = await createModel(db);
  const machineA = await createMachine(db, m.customer, model);
  const machineB = await createMachine(db, m.customer, model);
  const contract = await createContract(db, m.customer.ucpId, { status: 'active' });
  return { ...m, ucpId: m.customer.ucpId, token: await tokenFor(m.user, m.customer.ucpId), machineA, machineB, contract };
}

/** How many change requests a customer has (any type or status). */
export async function requestCount(db: Db, ucpId: string): Promise<number> {
  const [r] = await db.select({ n: sql<number>`count(*)::int` }).from(changeRequests).where(eq(changeRequests.ucpId, ucpId));
  return Number(r?.n);
}

/** A provider staff user with the given codes. */
export async function staffCaller(db: Db, codes: FunctionCode[]) {
  const m = await createMember(db, codes, { user: { isProviderStaff: true } });
  return { ...m, token: await tokenFor(m.user, m.customer.ucpId) };
}

/** A submission's own fields plus what every submission carries: a fresh idempotency key and the accepted terms. */
const submission = <F extends object>(fields: F, extra: Record<string, unknown> = {}) => ({ ...fields, idempotencyKey: randomUUID(), termsAccepted: true as const, ...extra });

/** A billing-address change (`submitBillingAddress`) to ADDRESS, from tomorrow. */
export const billingBody = (extra: Record<string, unknown> = {}) =>
  submission({ address: { ...ADDRESS }, contactName: 'Lee Ka Yan', contactPhone: '2345 6790', effectiveDate: tomorrow() }, extra);

/** A machine move (`submitMachineLocation`) of these machines to ADDRESS, tomorrow. */
export const machineMoveBody = (machineIds: string[], extra: Record<string, unknown> = {}) =>
  submission({ machineIds, address: { ...ADDRESS }, locationDetail: '18/F Print room', siteContactName: 'Lee', siteContactPhone: '91234567', moveDate: tomorrow() }, extra);

/** A toner delivery address change (`submitTonerAddress`) of these machines to ADDRESS. */
export const tonerAddressBody = (machineIds: string[], extra: Record<string, unknown> = {}) =>
  submission({ machineIds, address: { ...ADDRESS }, contactName: 'Chan', contactPhone: '23456789' }, extra);

/** A receive-hardcopy change (`submitReceiveHardcopy`): paper bills or not, and the e-bill address. */
export const hardcopyBody = (receiveHardcopy: boolean, ebillEmail: string) => submission({ receiveHardcopy, ebillEmail });

/** The form fields of a transfer / novation agreement (`submitTransferAgreement`, multipart) of these contracts, from tomorrow. */
export const transferFields = (contractIds: string[]): Record<string, string | string[]> => ({
  contractIds,
  transfereeNameEn: 'T Ltd',
  transfereeBrNo: '87654321',
  transfereeContactName: 'Ho',
  transfereeContactPhone: '25110399',
  transfereeEmail: 't@t.hk',
  effectiveDate: tomorrow(),
  idempotencyKey: randomUUID(),
  termsAccepted: 'true',
});

export function postMultipart(server: TestServer, path: string, token: string, fields: Record<string, string | string[]>, file: Part | null = { name: 'file', fileName: 'doc.pdf', contentType: 'application/pdf', content: pdfBytes() }): Promise<TestResponse> {
  const parts: Part[] = [];
  for (const [name, value] of Object.entries(fields)) {
    if (Array.isArray(value)) for (const v of value) parts.push({ name, value: v });
    else parts.push({ name, value });
  }
  if (file) parts.push(file);
  const { body, contentType } = multipart(parts);
  return server.request(path, { token, headers: { 'Content-Type': contentType }, rawBody: body });
}
