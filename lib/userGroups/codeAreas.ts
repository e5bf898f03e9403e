/**
 * The function codes of spec §6 grouped by area, in the order the group form offers them (docs/user-groups.md). Every
 * code appears in exactly one area (a unit test checks); its meaning is `userGroups:codes.<code>` in en and tc.
 * Customer groups may hold only customer codes (`CUSTOMER_CODES`); provider (staff) groups may hold any code.
 */
import { ACCOUNT_CHANGE_AREAS, APPROVAL_AREAS, CUSTOMER_CODES, USER_MAINTENANCE_CODES, readWriteCodes, type FunctionCode } from '@/lib/permissions/codes';
import type { GroupKind } from './schemas';

export const CODE_AREAS = [
  { area: 'general', codes: ['all', 'home', 'ac_pref_read', 'ac_pref_write'] },
  { area: 'orders', codes: ['mgt_order_read', 'mgt_order_write', 'track_order_read'] },
  { area: 'bills', codes: ['mgt_bills_read', 'payslip_upload_read', 'payslip_upload_write', 'payslip_upload_read_all'] },
  { area: 'meter', codes: ['meter_history_read', 'meter_upload_read', 'meter_upload_write'] },
  {
    area: 'contracts',
    codes: ['contract_billing_read', 'contract_billing_write', 'contract_download', 'contract_renewal_read', 'contract_renewal_write'],
  },
  { area: 'accountChanges', codes: readWriteCodes(ACCOUNT_CHANGE_AREAS) },
  { area: 'approvals', codes: [...readWriteCodes(APPROVAL_AREAS), 'cac_chg_bill_addr_read'] },
  { area: 'renewalAdmin', codes: ['contract_renewal_log', 'contract_renewal_report', 'renewal_offer_write'] },
  { area: 'offers', codes: ['offer_read', 'offer_write'] },
  { area: 'usersAndCustomers', codes: USER_MAINTENANCE_CODES },
  {
    area: 'staffTools',
    codes: ['payslip_review_read', 'payslip_review_write', 'build_inbox_message_read', 'build_inbox_message_write', 'outbox_read'],
  },
  { area: 'support', codes: ['support_content_read', 'support_content_write', 'support_enquiry_read', 'site_content_read', 'site_content_write'] },
  { area: 'machinesService', codes: ['machine_read', 'service_req_read', 'service_req_write'] },
  { area: 'serviceDesk', codes: ['service_req_admin_read', 'service_req_admin_write'] },
] as const satisfies readonly { area: string; codes: readonly FunctionCode[] }[];

export type CodeArea = (typeof CODE_AREAS)[number]['area'];

const customerSet: ReadonlySet<string> = new Set(CUSTOMER_CODES);

/** Whether a group of this kind may hold the code: customer groups only customer codes. */
export const codeAllowedFor = (kind: GroupKind, code: string): boolean => kind === 'provider' || customerSet.has(code);

/** The areas and codes offered for a kind (areas left empty are dropped). */
export const codeAreasFor = (kind: GroupKind) =>
  CODE_AREAS.map((a) => ({ area: a.area, codes: (a.codes as readonly FunctionCode[]).filter((c) => codeAllowedFor(kind, c)) })).filter((a) => a.codes.length > 0);
