import { ADMIN_CODES, CUSTOMER_CODES, type FunctionCode } from '@/lib/permissions/codes';

export const GROUP = {
  custAdmin: 'CUST_ADMIN',
  custViewer: 'CUST_VIEWER',
  providerAdmin: 'PROVIDER_ADMIN',
  billApprover: 'PROVIDER_BILL_APPROVER',
  super: 'SUPER',
  creditControl: 'PROVIDER_CREDIT_CONTROL',
  auditor: 'PROVIDER_AUDITOR',
} as const;
export type GroupCode = (typeof GROUP)[keyof typeof GROUP];

const UPLOAD_PREFIXES = ['payslip_upload_', 'meter_upload_'];

/** Read-only view of a customer's data: `home`, every `_read` code and the contract download; no writes, no uploads. */
const viewerCodes = CUSTOMER_CODES.filter(
  (c) =>
    !UPLOAD_PREFIXES.some((p) => c.startsWith(p)) &&
    (c === 'home' || c === 'contract_download' || c.endsWith('_read')),
);

export type SeedGroup = {
  id: string;
  code: GroupCode;
  nameEn: string;
  nameZh: string;
  description: string;
  groupType: 'customer' | 'provider';
  codes: readonly FunctionCode[];
};

export const SEED_GROUPS: readonly SeedGroup[] = [
  {
    id: '5eed0003-0000-4000-8000-000000000001',
    code: GROUP.custAdmin,
    nameEn: 'Customer administrator',
    nameZh: '客戶管理員',
    description: 'Every customer function: orders, bills and payment slips, meter readings, contracts, renewals, account changes.',
    groupType: 'customer',
    codes: CUSTOMER_CODES,
  },
  {
    id: '5eed0003-0000-4000-8000-000000000002',
    code: GROUP.custViewer,
    nameEn: 'Customer viewer (read only)',
    nameZh: '客戶檢視者（唯讀）',
    description: 'Reads orders, bills, meter history, contracts and account information; cannot submit, change or upload.',
    groupType: 'customer',
    codes: viewerCodes,
  },
  {
    id: '5eed0003-0000-4000-8000-000000000003',
    code: GROUP.providerAdmin,
    nameEn: 'Portal administrator',
    nameZh: '客戶平台管理員',
    description: 'Every admin control, plus a home page and own account preferences.',
    groupType: 'provider',
    codes: [...ADMIN_CODES, 'home', 'ac_pref_read', 'ac_pref_write'],
  },
  {
    id: '5eed0003-0000-4000-8000-000000000004',
    code: GROUP.billApprover,
    nameEn: 'Billing address change approver',
    nameZh: '帳單地址更改審批員',
    description: 'Reviews and approves billing-address change requests only.',
    groupType: 'provider',
    codes: ['apv_chg_bill_addr_read', 'apv_chg_bill_addr_write'],
  },
  {
    id: '5eed0003-0000-4000-8000-000000000005',
    code: GROUP.super,
    nameEn: 'System superuser',
    nameZh: '系統超級用戶',
    description: "Holds the 'all' function code (every screen and action). Operations staff only.",
    groupType: 'provider',
    codes: ['all'],
  },
  {
    id: '5eed0003-0000-4000-8000-000000000006',
    code: GROUP.creditControl,
    nameEn: 'Credit control (read only)',
    nameZh: '信貸監控（唯讀）',
    description: 'Sees billing-address change requests in the approval queue, without acting on them (docs/account-changes.md).',
    groupType: 'provider',
    codes: ['cac_chg_bill_addr_read'],
  },
  {
    id: '5eed0003-0000-4000-8000-000000000007',
    code: GROUP.auditor,
    nameEn: 'Admin auditor (read only)',
    nameZh: '管理審計員（唯讀）',
    description: 'Sees customers, user groups, offers and the user list report of the customers assigned to them; cannot change anything.',
    groupType: 'provider',
    codes: ['home', 'ac_pref_read', 'ucp_cust_main_read', 'user_group_main_read', 'user_list_rpt_read', 'offer_read'],
  },
];
