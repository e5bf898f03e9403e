import { create } from 'zustand';
import type { CurrentCustomer } from '@/lib/api/user';

/**
 * The customer the session acts for, loaded once per user and customer by the session bootstrap: the header, home
 * and account page all show it from here instead of each asking the API.
 */
type CurrentCustomerState = {
  ucpId: string | null;
  customer: CurrentCustomer | null;
  set: (ucpId: string, customer: CurrentCustomer | null) => void;
  clear: () => void;
};

export const useCurrentCustomerStore = create<CurrentCustomerState>((set) => ({
  ucpId: null,
  customer: null,
  set: (ucpId, customer) => set({ ucpId, customer }),
  clear: () => set({ ucpId: null, customer: null }),
}));
