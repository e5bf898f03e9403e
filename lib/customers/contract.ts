/** UCP customer maintenance (docs/admin.md): provider staff with ucp_cust_main_read / _write. Declared once (lib/contract). */
import { defineContract, mutation, output, query } from '@/lib/contract';
import { readWrite } from '@/lib/contract/grants';
import {
  createCustomerSchema,
  customerIdSchema,
  listCustomersSchema,
  setCustomerStatusSchema,
  updateCustomerSchema,
  type CustomerDetail,
  type CustomerListResult,
} from './schemas';

const { READ, WRITE } = readWrite('ucp_cust_main_read', 'ucp_cust_main_write');

export const customersContract = defineContract('customers', {
  listCustomers: query({
    summary:
      'Provider staff: customers (the provider itself excluded): { items: [{ id (UCP id), nameEn, nameZh, brNo, status, userCount, createdAt }], total }. ' +
      'Filter q (UCP id, name in either language, BR number or customer number), status[]; sort ucpId | nameEn | createdAt.',
    permission: READ,
    body: listCustomersSchema,
    output: output<CustomerListResult>(),
  }),
  getCustomer: query({
    summary: 'Provider staff: one customer with its customer numbers per product line, contracts, machines and linked users. Unknown: 404.',
    permission: READ,
    body: customerIdSchema,
    output: output<CustomerDetail>(),
  }),
  createCustomer: mutation({
    summary:
      'Provider staff: add a customer. UCP id (upper-cased) and BR number (8 digits) must be unique: 409 CONFLICT with the field named. Audited. Answers { id }.',
    permission: WRITE,
    body: createCustomerSchema,
    output: output<{ id: string }>(),
    invalidates: ['customers', 'admin'],
  }),
  updateCustomer: mutation({
    summary: 'Provider staff: edit a customer’s names, BR number (unique: 409), address, contact and hard-copy bill choice. Audited. Answers { id }.',
    permission: WRITE,
    body: updateCustomerSchema,
    output: output<{ id: string }>(),
    invalidates: ['customers'],
  }),
  setCustomerStatus: mutation({
    summary:
      'Provider staff: deactivate (inactive) or reactivate (active) a customer. Users of an inactive customer can no longer act for it: their ' +
      'next request with a token for it is 401 TOKEN_EXPIRED and it is not offered at sign-in. Audited. Answers { id, status }.',
    permission: WRITE,
    body: setCustomerStatusSchema,
    output: output<{ id: string; status: 'active' | 'inactive' }>(),
    invalidates: ['customers'],
  }),
});
