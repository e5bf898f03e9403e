import { screen } from '@testing-library/react';
import { DetailPage, RouteDetailScreen } from '@/components/common/DetailScreen';
import { endpointError, endpointSuccess } from '../testUtils/handlers';
import { renderWithProviders } from '../testUtils/render';
import { server } from '../testUtils/server';
import { W1, widgetsContract } from './widgetContract';

const get = widgetsContract.endpoints.getWidget;
// A feature's texts under one prefix (`widgets:detail`), as `detailTexts` reads them.
const namespaces = {
  widgets: {
    detail: { title: 'Widget {{code}}', titleLoading: 'Widget', notFoundTitle: 'Widget not found', notFoundBody: 'No such widget.', back: 'All widgets' },
  },
};

const Screen = () => (
  <RouteDetailScreen endpoint={get} prefix="widgets:detail" values={(w) => ({ code: w.code })} backHref="/widgets">
    {(w) => (
      <DetailPage prefix="widgets:detail" values={{ code: w.code }} backHref="/widgets" subtitle={w.name} actions={<button type="button">Retire</button>}>
        <p>Sections</p>
      </DetailPage>
    )}
  </RouteDetailScreen>
);
const router = { pathname: '/widgets/[id]', query: { id: W1.id }, isReady: true };

describe('RouteDetailScreen + DetailPage', () => {
  it("reads the route's record, then the page heads it with the prefix's title, way back, subtitle and actions", async () => {
    server.use(endpointSuccess(get, W1, { delayMs: 50 }));
    renderWithProviders(<Screen />, { router, namespaces });
    expect(screen.getByRole('heading', { level: 1, name: 'Widget' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: 'Widget DU-1' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'All widgets' })).toHaveAttribute('href', '/widgets');
    expect(screen.getByText('Duplex unit')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retire' })).toBeInTheDocument();
    expect(screen.getByText('Sections')).toBeInTheDocument();
  });

  it("says not found with the prefix's texts", async () => {
    server.use(endpointError(get, 'NOT_FOUND', { status: 404 }));
    renderWithProviders(<Screen />, { router, namespaces });
    expect(await screen.findByRole('heading', { level: 1, name: 'Widget not found' })).toBeInTheDocument();
    expect(screen.getByText('No such widget.')).toBeInTheDocument();
  });
});
