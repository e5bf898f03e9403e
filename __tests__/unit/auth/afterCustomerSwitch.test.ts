import { areaListOf, pageAfterCustomerSwitch } from '@/lib/auth/afterCustomerSwitch';
import { sanitizeReturnTo } from '@/lib/auth/deepLink';
import { toGrants } from '@/lib/permissions/canAccess';

const grants = toGrants(['home', 'mgt_order_read', 'mgt_bills_read', 'contract_billing_read', 'machine_read', 'contract_renewal_read', 'meter_history_read'].map((fnCode) => ({ fnCode })));
const after = (returnTo: string, same = false, g = grants) => pageAfterCustomerSwitch(sanitizeReturnTo(returnTo), g, same);

describe('pageAfterCustomerSwitch', () => {
  it.each([
    ['/my-orders/manage?status=pending&page=2', '/my-orders/manage'],
    ['/my-account/manage-my-bills', '/my-account/manage-my-bills'],
    ['/my-account/meter-history?machineId=m-1', '/my-account/meter-history'],
    ['/inbox', '/inbox'],
  ])('a list or overview page (%s): the same page, without the query that may name the previous customer’s records', (from, to) => {
    expect(after(from)).toBe(to);
  });

  it.each([
    ['/my-orders/manage/ORD-2026-0001', '/my-orders/manage'],
    ['/my-account/contract-billing-schedule/c-1', '/my-account/contract-billing-schedule'],
    ['/my-machines/m-1?tab=readings', '/my-machines'],
    ['/my-orders/contract-renewal/detail?contract=c-1', '/my-orders/contract-renewal'],
  ])('a page of one of the previous customer’s records (%s): its area’s list', (from, to) => {
    expect(after(from)).toBe(to);
  });

  it('the same customer chosen again: back to the very page, query and all', () => {
    expect(after('/my-orders/manage/ORD-2026-0001?tab=items', true)).toBe('/my-orders/manage/ORD-2026-0001?tab=items');
  });

  it('nowhere (the landing page) without a page, for a page the new customer’s functions do not open, or a sign-in page', () => {
    expect(pageAfterCustomerSwitch(null, grants, false)).toBeNull();
    expect(after('/my-orders/manage/ORD-1', false, toGrants([{ fnCode: 'home' }]))).toBeNull();
    expect(after('/login/select-ucp')).toBeNull();
  });

  it('names the area list of record pages, and none for lists', () => {
    expect(areaListOf('/admin-controls/offer-maintenance/view/[id]')).toBe('/admin-controls/offer-maintenance');
    expect(areaListOf('/admin-controls/offer-maintenance/edit/[id]')).toBe('/admin-controls/offer-maintenance');
    expect(areaListOf('/admin-controls/offer-maintenance/add')).toBe('/admin-controls/offer-maintenance');
    expect(areaListOf('/service-requests/[id]')).toBe('/service-requests');
    expect(areaListOf('/my-orders/manage')).toBeNull();
  });
});
