import { screen, waitFor } from '@testing-library/react';
import Button from '@mui/material/Button';
import { PageHeader } from '@/components/common/PageHeader';
import { renderWithProviders } from '../testUtils/render';

jest.mock('next/head', () => {
  // next/head renders nothing outside Next: put the children in document.head so the title can be checked.
  const { createPortal } = jest.requireActual<typeof import('react-dom')>('react-dom');
  return { __esModule: true, default: ({ children }: { children: React.ReactNode }) => createPortal(children, document.head) };
});

describe('PageHeader', () => {
  it('shows the h1, subtitle, breadcrumbs, back link and actions, and sets the document title', async () => {
    renderWithProviders(
      <PageHeader
        title="Order ORD-2026-0001"
        subtitle="Placed on 1 Nov 2026"
        breadcrumbs={[{ label: 'My orders', href: '/my-orders/manage' }, { label: 'ORD-2026-0001' }]}
        back={{ href: '/my-orders/manage' }}
        actions={<Button>Cancel order</Button>}
      />,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Order ORD-2026-0001' })).toBeInTheDocument();
    expect(screen.getByText('Placed on 1 Nov 2026')).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(nav).toContainElement(screen.getByRole('link', { name: 'My orders' }));
    expect(screen.getByText('ORD-2026-0001')).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Back' })).toHaveAttribute('href', '/my-orders/manage');
    expect(screen.getByRole('button', { name: 'Cancel order' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toMatch(/^Order ORD-2026-0001 · /));
  });

  it('translates its own words', () => {
    renderWithProviders(<PageHeader title="我的訂單" back={{ href: '/' }} breadcrumbs={[{ label: '首頁', href: '/' }, { label: '我的訂單' }]} />, { locale: 'tc' });
    expect(screen.getByRole('link', { name: '返回' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: '導覽路徑' })).toBeInTheDocument();
  });
});
