/**
 * UCP customer maintenance (docs/admin.md): requests and answers shared by the API and the screens (client-safe).
 * The customer's UCP id is its id in the URL and in every request (`{ id }`), like every other record.
 */
import { z } from 'zod';
import { listBodySchema, type ListResult, searchStatusFilter } from '@/lib/listQuery';
import { msg, zodMessages } from '@/lib/zodMessages';
import { required, text, PHONE_PATTERN, versionSchema, trimHalfWidth } from '@/lib/zodText';
import { CUSTOMER_STATUSES, UCP_ID_PATTERN, type CustomerProductLine, type CustomerStatus } from './constants';

export * from './constants';

/** The customer a staff row or record is about, as the staff screens show it: its UCP id and its names. */
export type CustomerRef = { ucpId: string; customerNameEn: string; customerNameZh: string };

/**
 * `UCP100001`: letters, digits, `-` and `_`, 3–20, starting with a letter or digit; stored upper-cased. One typed in
 * full-width mode (`ＵＣＰ１０００１０`) is read half-width (NFKC), as the BR number is (it was refused as format).
 */
export const ucpIdSchema = z
  .string()
  .overwrite(trimHalfWidth)
  .toUpperCase()
  .regex(UCP_ID_PATTERN, { error: msg('customers:errors.ucpIdFormat') });

/** Hong Kong business registration number: 8 digits. */
export const brNoSchema = z
  .string()
  .overwrite(trimHalfWidth)
  .regex(/^\d{8}$/, { error: msg('customers:errors.brNoFormat') });

export const customerFieldsSchema = z.strictObject({
  nameEn: required(200),
  nameZh: required(200),
  brNo: brNoSchema,
  billingAddressEn: text(300),
  billingAddressZh: text(300),
  contactName: text(100),
  /** Optional; a phone number of 8 to 20 digits with spaces, +, ( ) or - (a customer may have an overseas office). */
  contactPhone: z.union([z.literal(''), z.string().overwrite(trimHalfWidth).regex(PHONE_PATTERN, { error: msg('customers:errors.phoneFormat') })]),
  contactEmail: z.union([z.literal(''), z.string().overwrite(trimHalfWidth).pipe(z.email({ error: zodMessages.email }).max(254, zodMessages.maxLength(254)))]),
  receiveHardcopyBill: z.boolean(),
});
export type CustomerFields = z.infer<typeof customerFieldsSchema>;

export const createCustomerSchema = customerFieldsSchema.extend({ ucpId: ucpIdSchema });
export type CreateCustomerBody = z.infer<typeof createCustomerSchema>;

export const customerIdSchema = z.strictObject({ id: ucpIdSchema });
export const updateCustomerSchema = customerFieldsSchema.extend({ id: ucpIdSchema, version: versionSchema });
export type UpdateCustomerBody = z.infer<typeof updateCustomerSchema>;

export const setCustomerStatusSchema = z.strictObject({ id: ucpIdSchema, status: z.enum(CUSTOMER_STATUSES) });

export const CUSTOMER_SORT_FIELDS = ['ucpId', 'nameEn', 'createdAt'] as const;
export type CustomerSortField = (typeof CUSTOMER_SORT_FIELDS)[number];

export const listCustomersSchema = listBodySchema(CUSTOMER_SORT_FIELDS, {
  /** UCP id, name (English or Chinese), BR number or a customer number, anywhere, case-insensitively. */
  ...searchStatusFilter(CUSTOMER_STATUSES),
});
export type ListCustomersBody = z.infer<typeof listCustomersSchema>;

/** A row of the list: the customer's own fields as the detail shows them, but `brNo` as stored (null where none was kept). */
export type CustomerListItem = Pick<CustomerDetail, 'id' | 'nameEn' | 'nameZh' | 'status' | 'createdAt'> & {
  brNo: string | null;
  userCount: number;
};
export type CustomerListResult = ListResult<CustomerListItem>;

export type CustomerDetail = CustomerFields & {
  id: string;
  brNo: string;
  status: CustomerStatus;
  createdAt: string;
  updatedAt: string;
  customerNumbers: { productLine: CustomerProductLine; customerNo: string }[];
  contracts: { id: string; contractNo: string; contractType: string; startDate: string; endDate: string; status: string }[];
  machines: { id: string; serialNo: string; modelNameEn: string; modelNameZh: string; locationEn: string; locationZh: string; status: string }[];
  users: { id: string; loginId: string; name: string; status: string }[];
};
