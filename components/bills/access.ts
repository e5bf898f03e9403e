import type { RoutePath } from '@/lib/paths';

/** The slip upload page and the bills page: patterns of the route table, opened with `pathTo` and checked with `useCanOpen`. */
export const SLIP_PAGE = '/my-account/manage-my-bills/payment-slip-upload' satisfies RoutePath;
export const BILLS_PAGE = '/my-account/manage-my-bills' satisfies RoutePath;
