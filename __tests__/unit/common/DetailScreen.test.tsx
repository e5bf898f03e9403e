import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DetailScreen, EndpointDetailScreen, type DetailQuery } from '@/components/common/DetailScreen';
import type { ApiError } from '@/lib/api/types';
import { endpointError, endpointSuccess } from '../testUtils/handlers';
import { renderWithProviders } from '../testUtils/render';
import { server } from '../testUtils/server';
import { W1, widgetsContract, type Widget } from './widgetContract';

const get = widgetsContract.endpoints.getWidget;
const back = { href: '/widgets', label: 'All widgets' };

function Screen({ id }: { id: string }) {
  return (
    <EndpointDetailScreen endpoint={get} body={{ id }} title="Widget" back={back} notFoundTitle="Widget not found">
      {(w) => <h1>{w.name}</h1>}
    </EndpointDetailScreen>
  );
}

describe('DetailScreen', () => {
  it('shows a loading bar under the title, then the record', async () => {
    server.use(endpointSuccess(get, W1, { delayMs: 100 }));
    renderWithProviders(<Screen id={W1.id} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Widget' })).toBeInTheDocument();
    expect(screen.getByRole('progressbar')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: 'Duplex unit' })).toBeInTheDocument();
  });

  it.each(['NOT_FOUND', 'VALIDATION'])('%s is "not found" with the way back, and no retry', async (code) => {
    server.use(endpointError(get, code, { status: code === 'NOT_FOUND' ? 404 : 400 }));
    renderWithProviders(<Screen id={W1.id} />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Widget not found' })).toBeInTheDocument();
    // Said once: the page's h1, not again as the panel's heading under it.
    expect(screen.getAllByText('Widget not found')).toHaveLength(1);
    expect(screen.getByText('This record does not exist or is not available to you.')).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'All widgets' })[0]).toHaveAttribute('href', '/widgets');
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  });

  it('is "not found" at once when the route names no record, instead of loading forever', () => {
    const idle: DetailQuery<Widget> = { data: undefined, apiError: null, retrying: null, refetch: jest.fn() };
    renderWithProviders(
      <DetailScreen query={idle} title="Widget" back={back} notFoundTitle="Widget not found" missing>
        {(w) => <h1>{w.name}</h1>}
      </DetailScreen>,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Widget not found' })).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it('shows another failure translated, and "try again" loads it', async () => {
    const user = userEvent.setup();
    server.use(endpointError(get, 'FORBIDDEN', { status: 403 }));
    renderWithProviders(<Screen id={W1.id} />, { locale: 'tc' });
    const alert = await screen.findByRole('alert');
    // The page's h1 names the failure once; the panel says why and offers "try again".
    expect(screen.getByRole('heading', { level: 1, name: '未能載入此頁' })).toBeInTheDocument();
    expect(screen.getAllByText('未能載入此頁')).toHaveLength(1);
    server.use(endpointSuccess(get, W1));
    await user.click(within(alert).getByRole('button', { name: '重試' }));
    expect(await screen.findByRole('heading', { name: 'Duplex unit' })).toBeInTheDocument();
  });

  it('says it is trying again every 5 s while the query layer retries, with a button to try now', async () => {
    const user = userEvent.setup();
    const refetch = jest.fn();
    const retrying: ApiError = { status: 0, code: 'NETWORK', message: 'offline' };
    const query: DetailQuery<Widget> = { data: undefined, apiError: null, retrying, refetch };
    renderWithProviders(
      <DetailScreen query={query} title="Widget">
        {(w) => w.name}
      </DetailScreen>,
    );
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Trying again every 5 seconds');
    expect(screen.getByRole('progressbar')).toBeInTheDocument();
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(refetch).toHaveBeenCalledTimes(1);
  });

  // QA (tc): 「未能連接平台，請檢查網絡連線後再試。 每5秒自動重試…」: the two sentences were joined by an English space.
  it('joins the two sentences as Chinese does, without a space after 。', () => {
    const retrying: ApiError = { status: 0, code: 'NETWORK', message: 'offline' };
    const query: DetailQuery<Widget> = { data: undefined, apiError: null, retrying, refetch: jest.fn() };
    renderWithProviders(
      <DetailScreen query={query} title="Widget">
        {(w) => w.name}
      </DetailScreen>,
      { locale: 'tc' },
    );
    expect(screen.getByRole('alert')).toHaveTextContent('未能連接平台，請檢查網絡連線後再試。每5秒自動重試…', { normalizeWhitespace: false });
  });
});
