import { z } from 'zod';
import { PRODUCT_LINES, type ProductLine } from '@/lib/server/db/schema';
import { listCustomerNos } from '@/lib/server/services/user/customerNumbers';
import { getCurrentCustomer } from '@/lib/server/services/user/getCurrentCustomer';
import { getLastLoginTime } from '@/lib/server/services/user/getLastLoginTime';
import { defineHandler, type AnyHandler } from './defineHandler';

const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** `/api/user/get{Product}CustomerNoList`, one per product line of the schema. */
function customerNoListRoute(productLine: ProductLine): [string, AnyHandler] {
  return [
    `/api/user/get${capitalize(productLine)}CustomerNoList`,
    defineHandler({
      summary: `The current customer's ${productLine} customer numbers.`,
      permission: { anyOf: ['home'] },
      body: z.strictObject({}),
      handler: async ({ db, principal }) => ({
        productLine,
        customerNos: await listCustomerNos(db, principal.ucpId, productLine),
      }),
    }),
  ];
}

export const userRoutes: Record<string, AnyHandler> = {
  '/api/user/getLastLoginTime': defineHandler({
    summary: 'The sign-in before the current one (ISO time), or null on a first sign-in.',
    permission: 'authenticated',
    silent: true,
    body: z.strictObject({}),
    handler: ({ db, principal }) => getLastLoginTime(db, principal.userAcUuid),
  }),

  '/api/user/getUcpCustByUcpId': defineHandler({
    summary: "The current customer (from the token, never the body): names, BR no, billing address, contact, hard-copy bill flag, customer numbers by product line.",
    permission: { anyOf: ['home'] },
    silent: true,
    // Strict and empty: a ucpId in the body is refused (400), so nobody can believe it is honoured.
    body: z.strictObject({}),
    handler: ({ db, principal }) => getCurrentCustomer(db, principal.ucpId),
  }),

  ...Object.fromEntries(PRODUCT_LINES.map(customerNoListRoute)),
};
