/**
 * Every function code of spec §6, as one typed list. Access is governed by these codes, never by role names.
 * `payslip_review_read` / `payslip_review_write` are the portal's own addition for staff reviewing payment slips
 * (see docs/permissions.md).
 */
export const ACCOUNT_CHANGE_AREAS = [
  'ac_chg_comp_name',
  'ac_chg_bill_addr',
  'ac_chg_machine_loc',
  'ac_chg_toner_addr',
  'ac_chg_rec_hardcopy',
  'ac_transfer_agreemt',
] as const;

export const APPROVAL_AREAS = [
  'apv_chg_comp_name',
  'apv_chg_bill_addr',
  'apv_chg_machine_loc',
  'apv_chg_toner_addr',
  'apv_chg_rec_hardcopy',
  'apv_transfer_agreemt',
] as const;

type ReadWrite<T extends string> = `${T}_read` | `${T}_write`;

/** Each area's `_read` and `_write` code, area by area. */
export const readWriteCodes = <T extends string>(areas: readonly T[]): ReadWrite<T>[] =>
  areas.flatMap((a) => [`${a}_read`, `${a}_write`] as ReadWrite<T>[]);

/** Provider staff's maintenance of customers, user groups and user accounts, and the user list report (the group form's order). */
export const USER_MAINTENANCE_CODES = [
  'ucp_cust_main_read',
  'ucp_cust_main_write',
  'user_group_main_read',
  'user_group_main_write',
  'user_ac_main_read',
  'user_ac_main_write',
  'user_ac_main_resend',
  'user_ac_main_impexp',
  'user_list_rpt_read',
  'user_list_rpt_read_all',
] as const;

export const FUNCTION_CODES = [
  'all',
  'home',
  'ac_pref_read',
  'ac_pref_write',
  'mgt_order_read',
  'mgt_order_write',
  'track_order_read',
  'mgt_bills_read',
  'meter_history_read',
  'meter_upload_read',
  'meter_upload_write',
  'contract_billing_read',
  'contract_billing_write',
  'contract_download',
  'contract_renewal_read',
  'contract_renewal_write',
  'contract_renewal_log',
  'contract_renewal_report',
  'renewal_offer_write',
  'offer_read',
  'offer_write',
  ...readWriteCodes(ACCOUNT_CHANGE_AREAS),
  ...readWriteCodes(APPROVAL_AREAS),
  'cac_chg_bill_addr_read',
  ...USER_MAINTENANCE_CODES,
  'payslip_upload_read',
  'payslip_upload_write',
  'payslip_upload_read_all',
  'payslip_review_read',
  'payslip_review_write',
  'build_inbox_message_read',
  'build_inbox_message_write',
  'outbox_read',
  'support_content_read',
  'support_content_write',
  'support_enquiry_read',
  // Not in the spec (issue 16): the customer's machines, its service requests, and the provider's service desk.
  'machine_read',
  'service_req_read',
  'service_req_write',
  'service_req_admin_read',
  'service_req_admin_write',
  'site_content_read',
  'site_content_write',
] as const;

export type FunctionCode = (typeof FUNCTION_CODES)[number];

const codeSet: ReadonlySet<string> = new Set(FUNCTION_CODES);
export const isFunctionCode = (value: string): value is FunctionCode => codeSet.has(value);

/** Codes held by provider staff (admin controls); every other code is a customer code. */
export const ADMIN_CODES: readonly FunctionCode[] = [
  ...readWriteCodes(APPROVAL_AREAS),
  // Credit control's read-only view of billing-address changes (docs/account-changes.md): provider staff only.
  'cac_chg_bill_addr_read',
  'ucp_cust_main_read',
  'ucp_cust_main_write',
  'user_ac_main_read',
  'user_ac_main_write',
  'user_ac_main_resend',
  'user_ac_main_impexp',
  'user_group_main_read',
  'user_group_main_write',
  'user_list_rpt_read',
  'user_list_rpt_read_all',
  'offer_read',
  'offer_write',
  'renewal_offer_write',
  'contract_renewal_log',
  'contract_renewal_report',
  'build_inbox_message_read',
  'build_inbox_message_write',
  'payslip_review_read',
  'payslip_review_write',
  'outbox_read',
  // Support content maintenance and customers' enquiries (docs/support.md, docs/permissions.md).
  'support_content_read',
  'support_content_write',
  'support_enquiry_read',
  // The service desk: every customer's service requests (docs/service-requests.md, docs/permissions.md).
  'service_req_admin_read',
  'service_req_admin_write',
  // Footer and site content maintenance (docs/site-content.md, docs/permissions.md).
  'site_content_read',
  'site_content_write',
];

const adminSet: ReadonlySet<FunctionCode> = new Set(ADMIN_CODES);
export const CUSTOMER_CODES: readonly FunctionCode[] = FUNCTION_CODES.filter(
  (c) => c !== 'all' && !adminSet.has(c),
);

const staffOnly: ReadonlySet<string> = new Set<string>([...ADMIN_CODES, 'all']);

/**
 * The codes that count for a user. Admin codes (every customer's data) and `all` count only for provider staff: a
 * group row that hands one to a customer user by mistake grants nothing. Applied wherever codes are read (the API's
 * principal, the session's function list), so the rule lives here once.
 */
export function effectiveCodes(codes: Iterable<string>, isProviderStaff: boolean): string[] {
  const list = [...codes];
  return isProviderStaff ? list : list.filter((c) => !staffOnly.has(c));
}
