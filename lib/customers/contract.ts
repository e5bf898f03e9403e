/** UCP customer maintenance (docs/admin.md): provider staff with ucp_cust_main_read / _write. Declared once (lib/contract). */
import { defineContract, output } from '@/lib/contract';
import { maintenance } from '@/lib/contract/grants';
import {
  createCustomerSchema,
  customerIdSchema,
  listCustomersSchema,
  setCustomerStatusSchema,
  updateCustomerSchema,
  type CustomerDetail,
  type CustomerListResult,
} from './schemas';

const { read, write, writeId, edit } = maintenance('ucp_cust_main_read', 'ucp_cust_main_write', ['customers']);

export const customersContract = defineContract('customers', {
  listCustomers: read(
    'Provider staff: customers (the provider itself excluded): { items: [{ id (UCP id), nameEn, nameZh, brNo, status, userCount, createdAt }], total }. ' +
      'Filter q (UCP id, name in either language, BR number or customer number), status[]; sort ucpId | nameEn | createdAt.',
    listCustomersSchema,
    output<CustomerListResult>(),
  ),
  getCustomer: read(
    'Provider staff: one customer with its customer numbers per product line, contracts, machines and linked users. Unknown: 404.',
    customerIdSchema,
    output<CustomerDetail>(),
  ),
  createCustomer: writeId(
    'Provider staff: add a customer. UCP id (upper-cased) and BR number (8 digits) must be unique: 409 CONFLICT with the field named. Audited. Answers { id }.',
    createCustomerSchema,
    ['customers', 'admin'],
  ),
  updateCustomer: edit(
    'Provider staff: edit a customer’s names, BR number (unique: 409), address, contact and hard-copy bill choice. Audited. Answers { id }.',
    updateCustomerSchema,
  ),
  setCustomerStatus: write(
    'Provider staff: deactivate (inactive) or reactivate (active) a customer. Users of an inactive customer can no longer act for it: their ' +
      'next request with a token for it is 401 TOKEN_EXPIRED and it is not offered at sign-in. Audited. Answers { id, status }.',
    setCustomerStatusSchema,
    output<{ id: string; status: 'active' | 'inactive' }>(),
  ),
});
