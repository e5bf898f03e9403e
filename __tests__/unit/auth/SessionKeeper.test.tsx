import { act, fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useSession } from '@/lib/api/session';
import { SessionKeeper, TICK_MS, WARN_BEFORE_MS, RENEW_BEFORE_MS, keeperStep } from '@/components/auth/SessionKeeper';
import { useSessionErrorStore } from '@/store/sessionErrorStore';
import { renderWithProviders, testSession } from '../testUtils/render';

// The session's update (which re-issues the API token on the server) is observed; the provider stays real.
jest.mock('@/lib/api/session', () => ({
  ...jest.requireActual<typeof import('@/lib/api/session')>('@/lib/api/session'),
  useSession: jest.fn(),
}));
const useSessionMock = jest.mocked(useSession);
const update = jest.fn(async () => null);

function withTokenExpiringIn(ms: number) {
  const session = { ...testSession(['home']), tokenExp: Math.floor((Date.now() + ms) / 1000) };
  useSessionMock.mockReturnValue({ data: session, status: 'authenticated', update } as unknown as ReturnType<typeof useSession>);
  return session;
}

beforeEach(() => {
  update.mockClear();
  useSessionErrorStore.getState().clear();
});
afterEach(() => {
  jest.useRealTimers();
});

describe('keeperStep (issue 10 minor: extend while working, warn a minute before the end)', () => {
  const since = 1_000_000;
  const exp = since + 2 * 3_600_000;
  it('waits while much time is left, whatever the user does', () => {
    expect(keeperStep({ now: since + 60_000, expiresAt: exp, tokenSince: since, lastActivity: since + 30_000 })).toBe('wait');
  });
  it('renews near the end when the user has worked since the token came', () => {
    expect(keeperStep({ now: exp - RENEW_BEFORE_MS + 1, expiresAt: exp, tokenSince: since, lastActivity: since + 5 })).toBe('renew');
    expect(keeperStep({ now: exp - 30_000, expiresAt: exp, tokenSince: since, lastActivity: exp - 40_000 })).toBe('renew');
  });
  it('warns an idle user a minute before the end, then says it ended', () => {
    expect(keeperStep({ now: exp - RENEW_BEFORE_MS + 1, expiresAt: exp, tokenSince: since, lastActivity: 0 })).toBe('wait');
    expect(keeperStep({ now: exp - WARN_BEFORE_MS, expiresAt: exp, tokenSince: since, lastActivity: 0 })).toBe('warn');
    expect(keeperStep({ now: exp, expiresAt: exp, tokenSince: since, lastActivity: since + 5 })).toBe('ended');
  });
  it('never renews a short-lived token on every tick: at most in its second half', () => {
    const shortExp = since + 4 * 60_000;
    expect(keeperStep({ now: since + 60_000, expiresAt: shortExp, tokenSince: since, lastActivity: since + 10 })).toBe('wait');
    expect(keeperStep({ now: since + 2 * 60_000, expiresAt: shortExp, tokenSince: since, lastActivity: since + 10 })).toBe('renew');
  });
});

describe('SessionKeeper', () => {
  it('renews the session of a user who works as the end comes near', () => {
    jest.useFakeTimers();
    withTokenExpiringIn(5 * 60_000);
    renderWithProviders(<SessionKeeper />);
    // Idle, the end coming near renews nothing (more than a minute left: no warning either).
    act(() => {
      jest.advanceTimersByTime(3 * 60_000);
    });
    expect(update).not.toHaveBeenCalled();
    expect(screen.queryByRole('dialog')).toBeNull();
    // The user works: the next look at the clock renews the session, once.
    fireEvent.keyDown(window, { key: 'a' });
    act(() => {
      jest.advanceTimersByTime(2 * TICK_MS);
    });
    expect(update).toHaveBeenCalledWith({});
    expect(update).toHaveBeenCalledTimes(1);
  });

  it('does not renew an idle user’s session; warns a minute before the end and stays signed in on request', async () => {
    withTokenExpiringIn(50_000);
    renderWithProviders(<SessionKeeper />);
    const dialog = await screen.findByRole('dialog', { name: 'Your session is about to end' }, { timeout: 5_000 });
    expect(update).not.toHaveBeenCalled();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Stay signed in' }));
    expect(update).toHaveBeenCalledWith({});
    expect(dialog).not.toBeInTheDocument();
  });

  it('shows the session-expired dialog when the session has ended', () => {
    withTokenExpiringIn(-1_000);
    renderWithProviders(<SessionKeeper />);
    expect(useSessionErrorStore.getState().code).toBe('TOKEN_EXPIRED');
  });
});
