import { userContract } from '@/lib/customer/contract';
import type { ProductLine } from '@/lib/customer/schemas';
import { listCustomerNos } from '@/lib/server/services/user/customerNumbers';
import { getCurrentCustomer } from '@/lib/server/services/user/getCurrentCustomer';
import { getLastLoginTime } from '@/lib/server/services/user/getLastLoginTime';
import type { CustomerPrincipal, HandlerContext } from './defineHandler';
import { implement } from './implement';

/** `get{Product}CustomerNoList`: one per product line. */
const customerNoList =
  (productLine: ProductLine) =>
  async ({ db, principal }: HandlerContext<unknown, CustomerPrincipal>) => ({
    productLine,
    customerNos: await listCustomerNos(db, principal.ucpId, productLine),
  });

export const userRoutes = implement(userContract, {
  getLastLoginTime: ({ db, principal }) => getLastLoginTime(db, principal.userAcUuid),
  getUcpCustByUcpId: ({ db, principal }) => getCurrentCustomer(db, principal.ucpId),
  getCopierCustomerNoList: customerNoList('copier'),
  getPrinterCustomerNoList: customerNoList('printer'),
  getSoftwareCustomerNoList: customerNoList('software'),
});
