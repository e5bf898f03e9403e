import { apiPost } from './client';

export type CustomerNumber = { productLine: 'copier' | 'printer' | 'software'; customerNo: string };
export type CurrentCustomer = {
  ucpId: string;
  nameEn: string;
  nameZh: string;
  isProvider?: boolean;
  brNo?: string | null;
  billingAddressEn?: string;
  billingAddressZh?: string;
  contactName?: string;
  contactPhone?: string;
  contactEmail?: string;
  receiveHardcopyBill?: boolean;
};

/** Silent (spec §7): the customer the session acts for. */
export const getUcpCustByUcpId = () => apiPost<CurrentCustomer>('/api/user/getUcpCustByUcpId', {}, { silent: true });
