import { create } from 'zustand';

export type PasswordOutcome = { kind: 'changed' } | { kind: 'signInAgain' } | { kind: 'error'; code: string } | null;

type PasswordOutcomeState = {
  outcome: PasswordOutcome;
  /** True while next-auth's `update({ jwtToken })` runs. */
  updating: boolean;
  set: (outcome: PasswordOutcome, updating?: boolean) => void;
  clear: () => void;
};

/**
 * The password form's result, kept outside the component: while next-auth's `update()` runs, the session status is
 * `loading`, and the route guard shows its spinner instead of the page, unmounting the form. The result set after
 * the update must still be there when the page mounts again. The form clears it when it unmounts for any other
 * reason (the user leaves the page).
 */
export const usePasswordOutcome = create<PasswordOutcomeState>((set) => ({
  outcome: null,
  updating: false,
  set: (outcome, updating = false) => set({ outcome, updating }),
  clear: () => set({ outcome: null, updating: false }),
}));
