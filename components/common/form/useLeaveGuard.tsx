import { createContext, useContext, useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import Button from '@mui/material/Button';
import { useRouter, type NextRouter } from 'next/router';
import { useTranslation } from 'next-i18next/pages';
import { findRoute } from '@/lib/permissions/routes';
import { ConfirmDialog } from '../ConfirmDialog';

/**
 * The error thrown from `routeChangeStart` to stop Next's router (the pages router has no other way to refuse a
 * navigation). The promise of the `router.push` it stops rejects with it; that rejection is expected and is kept out of
 * the console and the telemetry (`unhandledrejection` below).
 */
export class LeaveBlocked extends Error {
  readonly cancelled = true;
  constructor(url: string) {
    super(`Navigation to ${url} stopped: the form has changes that are not saved.`);
    this.name = 'LeaveBlocked';
  }
}

type Guard = {
  /** Dirty, not saved, not already leaving. */
  active: () => boolean;
  ask: (destination: Destination) => void;
  /** The user chose Leave (on this form or another on the page): no more questions until the page changes. */
  leave: () => void;
};
type Destination = { kind: 'push'; url: string } | { kind: 'pop' };

/** The guards of the forms on screen: the first dirty one asks; Back/Forward go through one `beforePopState`. */
const guards = new Set<Guard>();
/** The history entry of the page the forms are on, put back when Back/Forward is refused. */
let entry: { state: unknown; href: string } | null = null;
/** The router of the latest guard's render (its `asPath` is the page on screen). */
let currentRouter: NextRouter | null = null;

const rememberEntry = () => {
  if (typeof window !== 'undefined') entry = { state: window.history.state, href: window.location.href };
};

/** The page a URL names, without base path, locale prefix, query and hash: '/tc/orders/1?tab=a' → '/orders/1'. */
export function pageOf(url: string, router: Pick<NextRouter, 'basePath' | 'locales'>): string {
  let path = url;
  if (/^[a-z][a-z\d+.-]*:/i.test(path)) {
    try {
      path = new URL(path).pathname;
    } catch {
      /* not a URL: compared as it is */
    }
  }
  path = path.split(/[?#]/)[0] || '/';
  if (router.basePath && path.startsWith(router.basePath)) path = path.slice(router.basePath.length) || '/';
  const first = path.split('/')[1];
  if (first && router.locales?.includes(first)) path = path.slice(first.length + 1) || '/';
  return path.replace(/\/+$/, '') || '/';
}

/**
 * Whether leaving for `url` needs no question: the same page with another query or language (tabs, dialogs opened
 * through the query, a list's URL state, the language switch: the form stays and keeps its values), or a sign-in page
 * (sign-out and the end of a session, where the session is gone already and "Sign in again" brings the user back).
 */
function leavesFreely(url: string, router: NextRouter): boolean {
  const to = pageOf(url, router);
  return to === pageOf(router.asPath, router) || findRoute(to)?.isLoginPage === true;
}

/**
 * The unsaved-changes guard of the shared `Form`: while `dirty` (react-hook-form's `isDirty`: a form edited back to its
 * first values is not) and not `saved()` since its last change,
 * - closing or reloading the tab, or leaving the portal, gets the browser's own `beforeunload` question;
 * - a route change inside the portal (a link, the menu, Back / Forward) is stopped and the form asks "Leave this page?"
 *   (ConfirmDialog): Leave continues to the destination the user chose, Stay keeps the form as it is.
 *
 * Back / Forward: the browser has already moved when the router hears of it, so the form's history entry is pushed
 * again (the address bar names the form again, and the entry behind it is the one the user went to); Leave then goes
 * `history.back()` to that very entry.
 */
export function useLeaveGuard(dirty: boolean): { dialog: ReactNode; saved: () => void; edited: () => void; discard: () => void } {
  const router = useRouter();
  const { t } = useTranslation('common');
  const [pending, setPending] = useState<Destination | null>(null);
  const state = useRef({ dirty, saved: false, leaving: false });
  const routerRef = useRef(router);
  // After each commit, before any event can read them.
  useLayoutEffect(() => {
    state.current.dirty = dirty;
    routerRef.current = router;
    currentRouter = router;
  });
  // Stable, so a form can hand `edited` to its watch subscription once.
  const [marks] = useState(() => ({
    /** A successful submission: its values are saved, leaving asks nothing. */
    saved: () => {
      state.current.saved = true;
    },
    /** A value changed (after a save: there are changes again). */
    edited: () => {
      state.current.saved = false;
    },
    /** The user gave the changes up (the form's Cancel): the way out it takes asks nothing. */
    discard: () => {
      state.current.leaving = true;
    },
  }));

  useEffect(() => {
    const self: Guard = {
      active: () => state.current.dirty && !state.current.saved && !state.current.leaving,
      ask: (destination) => setPending(destination),
      leave: () => {
        state.current.leaving = true;
      },
    };
    guards.add(self);
    rememberEntry();
    const events = routerRef.current.events;
    const onStart = (url: string, { shallow }: { shallow?: boolean } = {}) => {
      const r = routerRef.current;
      // One question for the page: the first dirty form asks.
      if ([...guards].find((g) => g.active()) !== self || shallow || leavesFreely(url, r)) return;
      self.ask({ kind: 'push', url: r.basePath && url.startsWith(r.basePath) ? url.slice(r.basePath.length) || '/' : url });
      const error = new LeaveBlocked(url);
      // The listeners that started on routeChangeStart (the progress bar) stop as for any failed change.
      events.emit('routeChangeError', error, url, { shallow: Boolean(shallow) });
      throw error;
    };
    const onComplete = () => {
      rememberEntry();
      state.current.leaving = false;
    };
    events.on('routeChangeStart', onStart);
    events.on('routeChangeComplete', onComplete);
    events.on('hashChangeComplete', onComplete);
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (!self.active()) return;
      event.preventDefault();
      // Older Chromium asks only when returnValue is set.
      event.returnValue = true;
    };
    const onRejection = (event: PromiseRejectionEvent) => {
      if (event.reason instanceof LeaveBlocked) event.preventDefault();
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    window.addEventListener('unhandledrejection', onRejection);
    installPopGuard(routerRef.current);
    return () => {
      guards.delete(self);
      events.off('routeChangeStart', onStart);
      events.off('routeChangeComplete', onComplete);
      events.off('hashChangeComplete', onComplete);
      window.removeEventListener('beforeunload', onBeforeUnload);
      window.removeEventListener('unhandledrejection', onRejection);
      if (guards.size === 0) routerRef.current.beforePopState(() => true);
    };
  }, []);

  const leave = () => {
    const destination = pending;
    setPending(null);
    if (!destination) return;
    for (const g of guards) g.leave();
    if (destination.kind === 'pop') window.history.back();
    else void router.push(destination.url);
  };

  const dialog = (
    <ConfirmDialog
      open={pending !== null}
      title={t('ui.form.leave.title')}
      body={t('ui.form.leave.body')}
      pending={false}
      cancelLabel={t('ui.form.leave.stay')}
      confirmLabel={t('ui.form.leave.leave')}
      confirmColor="warning"
      onConfirm={leave}
      onClose={() => setPending(null)}
    />
  );
  return { dialog, ...marks };
}

/** One `beforePopState` for every guard: Back / Forward away from a dirty form asks first. */
function installPopGuard(router: NextRouter) {
  router.beforePopState((popped) => {
    const asking = [...guards].find((g) => g.active());
    if (!asking || leavesFreely(popped.as, currentRouter ?? router)) return true;
    // The browser shows the destination's URL already: put the form's entry back on top, so the address bar names the
    // page on screen and the entry right behind it is the one the user went to (Leave goes back to it).
    if (entry) window.history.pushState(entry.state, '', entry.href);
    asking.ask({ kind: 'pop' });
    return false;
  });
}

/** The `discard` of the form around (null outside a `Form`). */
export const DiscardContext = createContext<(() => void) | null>(null);

/**
 * The Cancel of a form: the user gives the changes up on purpose, so the way out it takes (back to the list, the
 * record) asks nothing. Put it in the form (`secondaryActions`); EntityForm's `onCancel` is one.
 */
export function FormCancelButton({ onClick, children }: { onClick: () => void; children: ReactNode }) {
  const discard = useContext(DiscardContext);
  return (
    <Button
      onClick={() => {
        discard?.();
        onClick();
      }}
    >
      {children}
    </Button>
  );
}
