import { pathTo } from '@/lib/paths';

export const SLIP_PAGE = pathTo('/my-account/manage-my-bills/payment-slip-upload');
export const BILLS_PAGE = pathTo('/my-account/manage-my-bills');
