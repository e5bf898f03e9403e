import { create } from 'zustand';

/** The code of a 401 the API answered (spec §8: the global handler is called, no forced logout). */
type SessionErrorState = { code: string | null; raise: (code: string) => void; clear: () => void };

export const useSessionErrorStore = create<SessionErrorState>((set) => ({
  code: null,
  raise: (code) => set({ code }),
  clear: () => set({ code: null }),
}));
