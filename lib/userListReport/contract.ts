/** User list report (docs/user-list-report.md): provider staff with user_list_rpt_read (assigned customers) or _read_all. */
import { defineContract, download, output } from '@/lib/contract';
import { reads } from '@/lib/contract/grants';
import { exportReportSchema, listReportSchema, type ReportResult } from './schemas';

const READ = { anyOf: ['user_list_rpt_read', 'user_list_rpt_read_all'] } as const;
const read = reads(READ);

export const userListReportContract = defineContract('userListReport', {
  listReport: read(
    'Provider staff: one row per user and linked customer { items: [{ id, userId, loginId, name, email, ucpId, customerNameEn, customerNameZh, groups, status, ' +
      'isProviderStaff, mfaEnabled, createdAt, lastLoginAt }], total, scope }. user_list_rpt_read_all sees every customer (and users linked to none); ' +
      'user_list_rpt_read only the customers assigned to the caller (staff_customer_assignments). Filter q (login id, name, e-mail), customer, group, ' +
      'status[], mfa (on | off), createdFrom / createdTo (HK dates); sort loginId | createdAt | lastLoginAt.',
    listReportSchema,
    output<ReportResult>(),
  ),
  exportCsv: download({
    summary: 'FILE (CSV, UTF-8 with BOM, streamed): every row of the filter and scope of listReport, in its order; headings in `lang`.',
    permission: READ,
    body: exportReportSchema,
  }),
  exportXlsx: download({
    summary: 'FILE (XLSX, streamed by exceljs’ WorkbookWriter): every row of the filter and scope of listReport, in its order; headings in `lang`.',
    permission: READ,
    body: exportReportSchema,
  }),
});
