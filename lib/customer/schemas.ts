/** The customer a session acts for (the `user` area of spec §7): shapes shared by the server and the browser. */

import type { CustomerProductLine } from '@/lib/customers/constants';

/** Product lines a customer can hold customer numbers in (one customer-number list endpoint each, lib/customer/contract.ts). */
export { CUSTOMER_PRODUCT_LINES as PRODUCT_LINES } from '@/lib/customers/constants';
export type ProductLine = CustomerProductLine;

export type CustomerNosByLine = Record<ProductLine, string[]>;

/** The customer a session acts for, as the header, home and account screens show it. */
export type CurrentCustomer = {
  ucpId: string;
  nameEn: string;
  nameZh: string;
  brNo: string | null;
  billingAddressEn: string;
  billingAddressZh: string;
  contactName: string;
  contactPhone: string;
  contactEmail: string;
  receiveHardcopyBill: boolean;
  isProvider: boolean;
  customerNos: CustomerNosByLine;
};

export type CustomerNoList = { productLine: ProductLine; customerNos: string[] };

/** ISO time of the sign-in before the current one; null on a first sign-in. */
export type LastLoginTime = { lastLoginTime: string | null };
