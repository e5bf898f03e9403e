import { screen, within } from '@testing-library/react';
import { DetailTable, FactsSection, linkColumn } from '@/components/common/DetailParts';
import { renderWithProviders } from '../testUtils/render';

type Row = { id: string; orderNo: string };
const rows: Row[] = [{ id: 'o1', orderNo: 'ORD-2026-0001' }];

describe('linkColumn', () => {
  it.each([true, false])('links the row to its page only when the user may open it (%s)', (show) => {
    renderWithProviders(
      <DetailTable<Row>
        label="Orders"
        rows={rows}
        rowKey={(r) => r.id}
        empty="None"
        columns={[linkColumn<Row>('Order no.', show, (r) => `/my-orders/manage/${r.id}`, (r) => r.orderNo)]}
      />,
    );
    expect(screen.getByRole('columnheader', { name: 'Order no.' })).toBeInTheDocument();
    if (show) expect(screen.getByRole('link', { name: 'ORD-2026-0001' })).toHaveAttribute('href', '/my-orders/manage/o1');
    else {
      expect(screen.queryByRole('link')).not.toBeInTheDocument();
      expect(screen.getByRole('cell', { name: 'ORD-2026-0001' })).toBeInTheDocument();
    }
  });
});

describe('FactsSection', () => {
  it('is a region named by its title, with its heading and the label / value pairs', () => {
    renderWithProviders(
      <FactsSection
        title="Summary"
        rows={[
          ['Order date', '1 Nov 2026'],
          ['Contact', 'Chan Tai Man · 2345 6789'],
        ]}
      />,
    );
    const region = screen.getByRole('region', { name: 'Summary' });
    expect(within(region).getByRole('heading', { level: 2, name: 'Summary' })).toBeInTheDocument();
    expect([...region.querySelectorAll('dt')].map((d) => d.textContent)).toEqual(['Order date', 'Contact']);
    expect([...region.querySelectorAll('dd')].map((d) => d.textContent)).toEqual(['1 Nov 2026', 'Chan Tai Man · 2345 6789']);
  });
});
