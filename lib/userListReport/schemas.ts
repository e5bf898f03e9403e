/**
 * User list report (docs/user-list-report.md): one row per user and customer it may act for, with that customer's
 * groups. Shared by the API and the screen (client-safe).
 */
import { z } from 'zod';
import type { CustomerStatus } from '@/lib/customers/constants';
import { LOCALES } from '@/lib/i18n/locales';
import { isoDateSchema, listBodySchema, searchTextSchema, type ListFilterOf, type ListResult, enumListFilter } from '@/lib/listQuery';
import { USER_STATUSES, type UserStatus } from '@/lib/users/constants';

export const MFA_FILTER = ['on', 'off'] as const;

export const REPORT_SORT_FIELDS = ['loginId', 'createdAt', 'lastLoginAt'] as const;
export const listReportSchema = listBodySchema(REPORT_SORT_FIELDS, {
  /** Login id, name or e-mail, anywhere, case-insensitively. */
  q: searchTextSchema.optional(),
  /** UCP id or customer name (either language). */
  customer: searchTextSchema.optional(),
  /** Group code or name. */
  group: searchTextSchema.optional(),
  /**
   * Every status an account can hold, as stored: a staff-locked account reads `locked`. (User maintenance also shows an
   * account inside its automatic sign-in lock-out as locked; the report shows the stored status.)
   */
  status: enumListFilter(USER_STATUSES),
  mfa: z.enum(MFA_FILTER).optional(),
  /** Created on or after / on or before these Hong Kong dates. */
  createdFrom: isoDateSchema.optional(),
  createdTo: isoDateSchema.optional(),
});
export type ListReportBody = z.infer<typeof listReportSchema>;
export type ReportFilter = ListFilterOf<typeof listReportSchema>;

/** The export: the whole filtered set (no paging), in the screen's order, headings in `lang`. */
export const exportReportSchema = z.strictObject({
  filter: listReportSchema.shape.filter,
  sort: listReportSchema.shape.sort,
  lang: z.enum(LOCALES).default('en'),
});
export type ExportReportBody = z.infer<typeof exportReportSchema>;

export type ReportRow = {
  /** `<user uuid>:<UCP id>` (a user appears once per customer it is linked to). */
  id: string;
  userId: string;
  loginId: string;
  name: string;
  email: string;
  ucpId: string | null;
  customerNameEn: string | null;
  customerNameZh: string | null;
  /**
   * The linked customer's own status (null when no customer is linked). The user's `status` is the account's; a user
   * can be active while the customer it is linked to is deactivated, and the report says so.
   */
  customerStatus: CustomerStatus | null;
  groups: { code: string; nameEn: string; nameZh: string }[];
  status: UserStatus;
  isProviderStaff: boolean;
  mfaEnabled: boolean;
  createdAt: string;
  lastLoginAt: string | null;
};
export type ReportResult = ListResult<ReportRow> & { scope: 'all' | 'assigned' };
