/**
 * Spec §9, issue 10: a failed page data load is tried again every 5 s, on every screen. The rule lives in one place,
 * the portal's QueryClient (lib/api/query.ts `createQueryClient`); every screen reads its data through the query
 * layer (`useEndpointQuery`, and the scaffolds built on it: ListScreen / useListQuery, DetailScreen, resource
 * screens). These tests hold the three parts: the client's defaults; a list and a detail screen on the scaffolds,
 * under the real client, retrying a 503 after 5 s; and the sources, where no screen reads around the query layer or
 * turns the retry off (docs/issue-10-checklist.md lists which screen uses which scaffold or hook).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { act, screen, waitFor } from '@testing-library/react';
import { EndpointDetailScreen } from '@/components/common/DetailScreen';
import { ListScreen } from '@/components/common/ListScreen';
import { ApiFailure, RETRY_DELAY_MS, createQueryClient } from '@/lib/api/query';
import type { ApiError } from '@/lib/api/types';
import { W1, widgetsContract, type Widget } from '../../common/widgetContract';
import { endpointError, endpointNetworkError, endpointSuccess } from '../../testUtils/handlers';
import { renderWithProviders } from '../../testUtils/render';
import { server } from '../../testUtils/server';

const failure = (status: number, code: string): ApiFailure => new ApiFailure({ status, code, message: code } as ApiError);

describe('the portal’s QueryClient (every screen’s page data)', () => {
  const defaults = createQueryClient().getDefaultOptions();
  const retry = defaults.queries!.retry as (count: number, err: unknown) => boolean;

  it('retries failures that may pass by themselves — network, time-out, 5xx — however often they fail', () => {
    for (const err of [failure(0, 'NETWORK'), failure(0, 'TIMEOUT'), failure(503, 'SERVICE_UNAVAILABLE'), failure(500, 'INTERNAL'), failure(502, 'BAD_GATEWAY')]) {
      expect([err.error.code, retry(0, err), retry(50, err)]).toEqual([err.error.code, true, true]);
    }
  });

  it('never retries a final answer (400, 401, 403, 404, 409)', () => {
    for (const [status, code] of [[400, 'VALIDATION'], [401, 'TOKEN_EXPIRED'], [403, 'FORBIDDEN'], [404, 'NOT_FOUND'], [409, 'CONFLICT']] as const) {
      expect([code, retry(0, failure(status, code))]).toEqual([code, false]);
    }
  });

  it('waits 5 s between tries; mutations are never retried', () => {
    expect(RETRY_DELAY_MS).toBe(5_000);
    expect(defaults.queries!.retryDelay).toBe(5_000);
    expect(defaults.mutations!.retry).toBe(false);
  });
});

describe('screens on the scaffolds, under the portal’s QueryClient', () => {
  beforeEach(() => {
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
  });
  afterEach(() => {
    jest.useRealTimers();
  });

  /** Lets `ms` pass on the fake clock, running what falls due (requests, renders) in between. */
  const pass = (ms: number) => act(async () => void (await jest.advanceTimersByTimeAsync(ms)));

  it('a list screen (ListScreen) tries a failed load again after 5 s, and shows the rows', async () => {
    const list = widgetsContract.endpoints.listWidgets;
    server.use(endpointError(list, 'SERVICE_UNAVAILABLE', { status: 503 }));
    renderWithProviders(
      <ListScreen<Widget> endpoint={list} header={{ title: 'Widgets' }} columns={[{ key: 'name', header: 'Name', render: (r) => r.name }]} getRowId={(r) => r.id} emptyMessage="None." />,
      { route: '/widgets', queryClient: createQueryClient() },
    );
    await pass(100);
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('The service is temporarily unavailable'));
    let calls = 0;
    server.use(endpointSuccess(list, () => (calls++, { items: [W1], total: 1 })));
    await pass(RETRY_DELAY_MS - 300);
    expect(calls).toBe(0);
    await pass(400);
    await waitFor(() => expect(screen.getByText('Duplex unit')).toBeInTheDocument());
    expect(calls).toBe(1);
  });

  it('a detail screen (DetailScreen) tries again every 5 s while the network is down, then shows the record', async () => {
    const get = widgetsContract.endpoints.getWidget;
    server.use(endpointNetworkError(get));
    renderWithProviders(
      <EndpointDetailScreen endpoint={get} body={{ id: W1.id }} title="Widget" back={{ href: '/widgets', label: 'All widgets' }} notFoundTitle="Widget not found">
        {(w) => <p>{w.name}</p>}
      </EndpointDetailScreen>,
      { queryClient: createQueryClient() },
    );
    await pass(100);
    await waitFor(() => expect(screen.getByText(/Trying again every 5 seconds/)).toBeInTheDocument());
    // Still down at the next try: still retrying, not a final error.
    await pass(RETRY_DELAY_MS);
    expect(screen.getByText(/Trying again every 5 seconds/)).toBeInTheDocument();
    let calls = 0;
    server.use(endpointSuccess(get, () => (calls++, W1)));
    await pass(RETRY_DELAY_MS - 300);
    expect(calls).toBe(0);
    await pass(400);
    await waitFor(() => expect(screen.getByText('Duplex unit')).toBeInTheDocument());
    expect(calls).toBe(1);
  });
});

describe('the sources: every screen reads its page data through the query layer, with the retry on', () => {
  const root = path.resolve(__dirname, '../../../..');
  const filesUnder = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const full = path.join(dir, name);
      if (statSync(full).isDirectory()) return filesUnder(full);
      return /\.(ts|tsx)$/.test(name) ? [full] : [];
    });
  const sources = ['components', 'pages', 'layouts', 'lib']
    .flatMap((d) => filesUnder(path.join(root, d)))
    .filter((f) => !f.includes(`${path.sep}lib${path.sep}server${path.sep}`) && !f.includes(`${path.sep}pages${path.sep}api${path.sep}`))
    .map((f) => ({ file: path.relative(root, f), text: readFileSync(f, 'utf8') }));
  /**
   * Not page data: the session's background checks, where a failure must not hold the page (a lost token is
   * handled by the session dialog, anything else lets the page load and meet the problem itself), and the session
   * read itself (`lib/api/session.ts`, next-auth's session endpoint, which like next-auth's own client does not retry).
   */
  const SESSION_CHECKS = new Set(['components/auth/SessionBootstrap.tsx', 'components/auth/RouteGuard.tsx', 'lib/api/session.ts']);

  it('no screen turns the retry off (only the session checks do)', () => {
    const off = sources.filter((s) => /\bretry:\s*(false|0)\b/.test(s.text) && s.file !== 'lib/api/query.ts').map((s) => s.file);
    expect(off.filter((f) => !SESSION_CHECKS.has(f))).toEqual([]);
  });

  it('no screen reads around the query layer (TanStack hooks, a QueryClient of its own, or the HTTP client)', () => {
    const around = sources
      .filter((s) => !s.file.startsWith('lib/api/'))
      .filter((s) =>
        [/\buse(Suspense)?(Query|Queries|InfiniteQuery)\(/, /new QueryClient\(/, /from 'axios'/, /import \{[^}]*\b(apiPost|apiGet)\b[^}]*\} from '@\/lib\/api\/client'/].some((re) => re.test(s.text)),
      )
      .map((s) => s.file);
    expect(around.filter((f) => !SESSION_CHECKS.has(f))).toEqual([]);
  });
});
