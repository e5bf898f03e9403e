import { customersContract } from '@/lib/customers/contract';
import { createCustomer, getCustomer, listCustomers, setCustomerStatus, updateCustomer } from '@/lib/server/services/customers/maintenance';
import { implement } from './implement';

export const customerRoutes = implement(customersContract, {
  listCustomers: ({ service, body }) => listCustomers(service, body),
  getCustomer: ({ service, body }) => getCustomer(service, body.id),
  createCustomer: ({ service, body }) => createCustomer(service, body),
  updateCustomer: ({ service, body }) => updateCustomer(service, body),
  setCustomerStatus: ({ service, body }) => setCustomerStatus(service, body),
});
