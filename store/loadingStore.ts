import { create } from 'zustand';

/**
 * The global loading overlay's counter (spec §4): one count per non-silent request in flight, so the overlay shows
 * from the first one's start to the last one's end, however they overlap.
 */
export type LoadingState = {
  pending: number;
  isLoading: boolean;
  /** A non-silent request started. */
  begin: () => void;
  /** A non-silent request ended (success or failure); never drops below zero. */
  end: () => void;
  reset: () => void;
};

export const useLoadingStore = create<LoadingState>()((set) => ({
  pending: 0,
  isLoading: false,
  begin: () => set((s) => ({ pending: s.pending + 1, isLoading: true })),
  end: () =>
    set((s) => {
      const pending = Math.max(0, s.pending - 1);
      return { pending, isLoading: pending > 0 };
    }),
  reset: () => set({ pending: 0, isLoading: false }),
}));
