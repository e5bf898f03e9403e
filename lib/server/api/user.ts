import { userContract } from '@/lib/customer/contract';
import type { ProductLine } from '@/lib/customer/schemas';
import { listCustomerNos } from '@/lib/server/services/user/customerNumbers';
import { getCurrentCustomer } from '@/lib/server/services/user/getCurrentCustomer';
import { getLastLoginTime } from '@/lib/server/services/user/getLastLoginTime';
import type { CustomerContext } from '@/lib/server/context';
import { implement } from './implement';

/** `get{Product}CustomerNoList`: one per product line. */
const customerNoList =
  (productLine: ProductLine) =>
  async ({ service }: { service: CustomerContext }) => ({
    productLine,
    customerNos: await listCustomerNos(service.db, service.actor.ucpId, productLine),
  });

export const userRoutes = implement(userContract, {
  getLastLoginTime: ({ service }) => getLastLoginTime(service.db, service.actor.userAcUuid),
  getUcpCustByUcpId: ({ service }) => getCurrentCustomer(service.db, service.actor.ucpId),
  getCopierCustomerNoList: customerNoList('copier'),
  getPrinterCustomerNoList: customerNoList('printer'),
  getSoftwareCustomerNoList: customerNoList('software'),
});
