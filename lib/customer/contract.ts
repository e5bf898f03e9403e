/**
 * The `user` area (spec §7): the current customer and the user's previous sign-in. Implemented in
 * lib/server/api/user.ts; the session bootstrap, header, home and account screens read them as queries.
 */
import { defineContract, noBody, output, query } from '@/lib/contract';
import type { CurrentCustomer, CustomerNoList, LastLoginTime, ProductLine } from './schemas';

const customerNoList = (productLine: ProductLine) =>
  query({
    summary: `The current customer's ${productLine} customer numbers.`,
    permission: { anyOf: ['home'] },
    body: noBody,
    output: output<CustomerNoList>(),
  });

export const userContract = defineContract('user', {
  getLastLoginTime: query({
    summary: 'The sign-in before the current one (ISO time), or null on a first sign-in.',
    permission: 'authenticated',
    silent: true,
    body: noBody,
    output: output<LastLoginTime>(),
  }),
  getUcpCustByUcpId: query({
    summary:
      'The current customer (from the token, never the body): names, BR no, billing address, contact, hard-copy bill flag, customer numbers by product line.',
    permission: { anyOf: ['home'] },
    silent: true,
    // Strict and empty: a ucpId in the body is refused (400), so nobody can believe it is honoured.
    body: noBody,
    output: output<CurrentCustomer>(),
  }),
  getCopierCustomerNoList: customerNoList('copier'),
  getPrinterCustomerNoList: customerNoList('printer'),
  getSoftwareCustomerNoList: customerNoList('software'),
} satisfies Record<`get${Capitalize<ProductLine>}CustomerNoList`, unknown> & Record<string, unknown>);
