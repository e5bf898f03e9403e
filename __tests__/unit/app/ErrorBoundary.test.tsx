import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ErrorBoundary } from '@/components/app/ErrorBoundary';
import { trackException } from '@/lib/telemetry';
import tcCommon from '@/public/locales/tc/common.json';
import { renderWithProviders } from '../testUtils/render';

// Only trackException is replaced; the rest stays real (setup.ts resets telemetry after each test).
jest.mock('@/lib/telemetry', () => ({
  ...jest.requireActual<typeof import('@/lib/telemetry')>('@/lib/telemetry'),
  trackException: jest.fn(),
}));
const track = jest.mocked(trackException);

/**
 * Throws while `state.broken` (a test mends it before retrying). Not "throw on the first render only": React renders a
 * failing tree a second time, synchronously, before it hands the error to the boundary.
 */
function Flaky({ state }: { state: { broken: boolean } }) {
  if (state.broken) throw new Error('render failed');
  return <p>Child content</p>;
}

function Boom(): never {
  throw new Error('always fails');
}

let consoleError: jest.SpyInstance;
beforeEach(() => {
  track.mockClear();
  // React reports every caught render error on console.error; the boundary is what is under test.
  consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => consoleError.mockRestore());

describe('ErrorBoundary', () => {
  it('renders its children when nothing throws', () => {
    renderWithProviders(
      <ErrorBoundary>
        <Flaky state={{ broken: false }} />
      </ErrorBoundary>,
    );
    expect(screen.getByText('Child content')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(track).not.toHaveBeenCalled();
  });

  it("shows 'Try again' with a retry button when a child throws (en)", () => {
    renderWithProviders(
      <ErrorBoundary>
        <Boom />
      </ErrorBoundary>,
    );
    const alert = screen.getAllByRole('alert')[0]!;
    expect(alert).toHaveTextContent('Something went wrong');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Something went wrong' })).toBeInTheDocument();
  });

  it('shows 再試一次 in tc', () => {
    renderWithProviders(
      <ErrorBoundary>
        <Boom />
      </ErrorBoundary>,
      { locale: 'tc' },
    );
    expect(tcCommon.errorBoundary.retry).toBe('再試一次');
    expect(screen.getByRole('button', { name: '再試一次' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: tcCommon.errorBoundary.title })).toBeInTheDocument();
  });

  it('reports the error to telemetry with the component stack', () => {
    renderWithProviders(
      <ErrorBoundary>
        <Boom />
      </ErrorBoundary>,
    );
    expect(track).toHaveBeenCalledTimes(1);
    const [error, properties] = track.mock.calls[0]!;
    expect(error).toBeInstanceOf(Error);
    expect(error.message).toBe('always fails');
    expect(properties?.componentStack).toMatch(/Boom/);
  });

  it('retry renders the child again (it failed once, then works)', async () => {
    const user = userEvent.setup();
    const state = { broken: true };
    renderWithProviders(
      <ErrorBoundary>
        <Flaky state={state} />
      </ErrorBoundary>,
    );
    expect(screen.queryByText('Child content')).not.toBeInTheDocument();
    state.broken = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(screen.getByText('Child content')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
    expect(track).toHaveBeenCalledTimes(1);
  });

  it('retry shows the error again when the child still throws', async () => {
    const user = userEvent.setup();
    renderWithProviders(
      <ErrorBoundary>
        <Boom />
      </ErrorBoundary>,
    );
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(track).toHaveBeenCalledTimes(2);
  });

  it('a new resetKey (navigation) clears the error', () => {
    const state = { broken: true };
    const { rerender } = renderWithProviders(
      <ErrorBoundary resetKey="/inbox">
        <Flaky state={state} />
      </ErrorBoundary>,
    );
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();

    // The same key keeps the error page, even once the child would render.
    state.broken = false;
    rerender(
      <ErrorBoundary resetKey="/inbox">
        <Flaky state={state} />
      </ErrorBoundary>,
    );
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();

    rerender(
      <ErrorBoundary resetKey="/account">
        <Flaky state={state} />
      </ErrorBoundary>,
    );
    expect(screen.getByText('Child content')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  });
});
