import { pathTo } from '@/lib/paths';
import { findRoute } from '@/lib/permissions/routes';

describe('pathTo', () => {
  it('builds the URL of a page of the route table, with its id encoded and a query', () => {
    expect(pathTo('/my-orders/manage')).toBe('/my-orders/manage');
    expect(pathTo('/my-orders/manage/[id]', { id: 'a b/c' })).toBe('/my-orders/manage/a%20b%2Fc');
    expect(pathTo('/my-account/manage-my-bills', undefined, { bill: 'x', empty: '', none: undefined, status: ['a', 'b'] })).toBe(
      '/my-account/manage-my-bills?bill=x&status=a&status=b',
    );
  });

  it('every URL it builds is found by the guard as the same page', () => {
    expect(findRoute(pathTo('/admin-controls/payment-slip-review/[id]', { id: '123' }))?.path).toBe('/admin-controls/payment-slip-review/[id]');
    expect(findRoute(pathTo('/my-orders/track/[id]', { id: 'x' }))?.path).toBe('/my-orders/track/[id]');
  });

  it('refuses, at compile time, a path that is not a page', () => {
    // @ts-expect-error: not a page of the route table
    expect(pathTo('/my-orders/nowhere')).toBe('/my-orders/nowhere');
    // @ts-expect-error: a dynamic page needs its id
    expect(pathTo('/my-orders/manage/[id]')).toBe('/my-orders/manage/[id]');
  });
});
