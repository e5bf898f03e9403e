/**
 * The `user` area (spec §7): the current customer and the user's previous sign-in. Implemented in
 * lib/server/api/user.ts; the session bootstrap, header, home and account screens read them as queries.
 */
import { defineContract, noBody, output } from '@/lib/contract';
import { reads } from '@/lib/contract/grants';
import type { CurrentCustomer, CustomerNoList, LastLoginTime, ProductLine } from './schemas';

const HOME = { anyOf: ['home'] } as const;
const readHome = reads(HOME);
const readHomeQuietly = reads(HOME, { silent: true });
const readSessionQuietly = reads('authenticated', { silent: true });
const customerNoList = (productLine: ProductLine) => readHome(`The current customer's ${productLine} customer numbers.`, noBody, output<CustomerNoList>());

export const userContract = defineContract('user', {
  getLastLoginTime: readSessionQuietly('The sign-in before the current one (ISO time), or null on a first sign-in.', noBody, output<LastLoginTime>()),
  // Strict and empty body: a ucpId in it is refused (400), so nobody can believe it is honoured.
  getUcpCustByUcpId: readHomeQuietly(
    'The current customer (from the token, never the body): names, BR no, billing address, contact, hard-copy bill flag, customer numbers by product line.',
    noBody,
    output<CurrentCustomer>(),
  ),
  getCopierCustomerNoList: customerNoList('copier'),
  getPrinterCustomerNoList: customerNoList('printer'),
  getSoftwareCustomerNoList: customerNoList('software'),
} satisfies Record<`get${Capitalize<ProductLine>}CustomerNoList`, unknown> & Record<string, unknown>);
