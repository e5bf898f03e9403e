import { useEffect, useRef, useState } from 'react';
import { useSession } from '@/lib/api/query';
import dynamic from 'next/dynamic';
import { useSessionErrorStore } from '@/store/sessionErrorStore';

/** The warning shows this long before the session ends (issue 10 minor: "warn a minute before it ends"). */
export const WARN_BEFORE_MS = 60_000;
/** A user who worked since the token was issued gets a new one once this little time is left (at most half its life). */
export const RENEW_BEFORE_MS = 10 * 60_000;
/** How often the keeper looks at the clock. */
export const TICK_MS = 5_000;

export type KeeperStep = 'wait' | 'renew' | 'warn' | 'ended';

/**
 * What to do now with a session whose API token expires at `expiresAt` and was received at `tokenSince`, the user's
 * last input being at `lastActivity` (all epoch ms). Working extends the session; an idle user is warned a minute
 * before it ends, then told it has ended.
 */
export function keeperStep({ now, expiresAt, tokenSince, lastActivity }: { now: number; expiresAt: number; tokenSince: number; lastActivity: number }): KeeperStep {
  const left = expiresAt - now;
  if (left <= 0) return 'ended';
  const renewWithin = Math.min(RENEW_BEFORE_MS, Math.max(WARN_BEFORE_MS, (expiresAt - tokenSince) / 2));
  if (lastActivity > tokenSince && left <= renewWithin) return 'renew';
  if (left <= WARN_BEFORE_MS) return 'warn';
  return 'wait';
}

const ACTIVITY_EVENTS = ['pointerdown', 'keydown', 'wheel', 'touchstart'] as const;

/** The warning's code loads only when it shows (the shared bundle stays lean, like the session-expired dialog). */
const SessionEndingDialog = dynamic(() => import('./SessionEndingDialog').then((m) => m.SessionEndingDialog));

/**
 * Keeps a working user signed in (issue 10 minor): while the user works, the session (and its API token) is renewed
 * before it ends (next-auth `update()`, which re-issues the token on the server); an idle user is warned a minute
 * before the end and may stay signed in; at the end the session-expired dialog shows ("Sign in again" keeps the page).
 */
export function SessionKeeper() {
  const { data: session, update } = useSession();
  const raise = useSessionErrorStore((s) => s.raise);
  const ended = useSessionErrorStore((s) => s.code !== null);
  const token = session?.jwtToken ?? null;
  // The token the warning is about: a renewed token (a new one) ends the warning by itself.
  const [warnedToken, setWarnedToken] = useState<string | null>(null);
  const warn = warnedToken !== null && warnedToken === token;
  const expiresAt = session?.tokenExp ? session.tokenExp * 1000 : null;
  const tokenSince = useRef(0);
  const lastActivity = useRef(0);
  const renewing = useRef(false);

  useEffect(() => {
    tokenSince.current = Date.now();
    renewing.current = false;
  }, [token]);

  useEffect(() => {
    const seen = () => {
      lastActivity.current = Date.now();
    };
    for (const e of ACTIVITY_EVENTS) window.addEventListener(e, seen, { passive: true, capture: true });
    return () => {
      for (const e of ACTIVITY_EVENTS) window.removeEventListener(e, seen, { capture: true });
    };
  }, []);

  useEffect(() => {
    if (!token || !expiresAt || ended) return undefined;
    const tick = () => {
      const step = keeperStep({ now: Date.now(), expiresAt, tokenSince: tokenSince.current, lastActivity: lastActivity.current });
      if (step === 'renew' && !renewing.current) {
        renewing.current = true;
        void update({}).catch(() => {
          renewing.current = false;
        });
      } else if (step === 'warn') {
        setWarnedToken(token);
      } else if (step === 'ended') {
        setWarnedToken(null);
        raise('TOKEN_EXPIRED');
      }
    };
    tick();
    const id = window.setInterval(tick, TICK_MS);
    return () => window.clearInterval(id);
  }, [token, expiresAt, ended, update, raise]);

  if (!warn || ended) return null;
  return (
    <SessionEndingDialog
      onStay={() => {
        setWarnedToken(null);
        lastActivity.current = Date.now();
        renewing.current = true;
        void update({}).catch(() => {
          renewing.current = false;
        });
      }}
    />
  );
}
