import { screen, within } from '@testing-library/react';
import { DetailTable, FactsSection, linkColumn } from '@/components/common/DetailParts';
import { renderWithProviders } from '../testUtils/render';
import { mockViewportWidth } from './viewport';

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

describe('DetailTable as a table (tablets, narrow windows: it scrolls sideways)', () => {
  type Request = { id: string; reference: string; category: string; status: string };
  const columns = [
    { header: '編號', render: (r: Request) => r.reference },
    { header: '故障類別', render: (r: Request) => r.category },
    { header: '狀態', render: (r: Request) => r.status },
  ];
  const rows: Request[] = [{ id: 'r1', reference: 'SR-2026-000102', category: '螢幕顯示錯誤碼', status: '生效中' }];

  it('breaks Chinese text only at spaces and punctuation (QA: "故障類別" stood one character per line)', () => {
    renderWithProviders(<DetailTable<Request> label="維修紀錄" rows={rows} rowKey={(r) => r.id} empty="沒有" columns={columns} />);
    expect(screen.getByRole('columnheader', { name: '故障類別' })).toHaveStyle({ wordBreak: 'keep-all' });
    expect(screen.getByRole('cell', { name: '螢幕顯示錯誤碼' })).toHaveStyle({ wordBreak: 'keep-all' });
  });

  it('keeps the first column, the identifier, on one line (QA: "CT-2024-00118" broke at its hyphens)', () => {
    renderWithProviders(<DetailTable<Request> label="維修紀錄" rows={rows} rowKey={(r) => r.id} empty="沒有" columns={columns} />);
    expect(screen.getByRole('cell', { name: 'SR-2026-000102' })).toHaveStyle({ whiteSpace: 'nowrap' });
    expect(screen.getByRole('cell', { name: '螢幕顯示錯誤碼' })).not.toHaveStyle({ whiteSpace: 'nowrap' });
  });

  it('keeps short values on one line with nowrap', () => {
    renderWithProviders(<DetailTable<Request> label="讀數" rows={rows} rowKey={(r) => r.id} empty="沒有" columns={columns} nowrap />);
    expect(screen.getByRole('cell', { name: '生效中' })).toHaveStyle({ whiteSpace: 'nowrap' });
  });
});

// QA (390 px, machine page in tc): the service and order tables ran off the card's edge, the goods and engineer columns
// out of sight and "黑色碳粉盒（Apeos 5570）" squeezed into a sliver. On a phone each row is now a card, as in the lists.
describe('DetailTable on a phone', () => {
  type Request = { id: string; reference: string; category: string; engineer: string };
  const rows: Request[] = [
    { id: 'r1', reference: 'SR-2026-000102', category: '螢幕顯示錯誤碼', engineer: '何偉文' },
    { id: 'r2', reference: 'SR-2026-000103', category: '卡紙', engineer: '–' },
  ];
  const columns = [
    linkColumn<Request>('編號', true, (r) => `/service-requests/${r.id}`, (r) => r.reference),
    { header: '故障類別', render: (r: Request) => r.category },
    { header: '工程師', render: (r: Request) => r.engineer },
  ];
  let restore: () => void;
  afterEach(() => restore());

  it('shows each row as a card: its number (linked) as the title, the other columns as label and value', () => {
    restore = mockViewportWidth(390);
    renderWithProviders(<DetailTable<Request> label="維修紀錄" rows={rows} rowKey={(r) => r.id} empty="沒有" columns={columns} />);
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const cards = within(screen.getByRole('list', { name: '維修紀錄' })).getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    const first = within(cards[0]!);
    expect(first.getByRole('link', { name: 'SR-2026-000102' })).toHaveAttribute('href', '/service-requests/r1');
    expect([...cards[0]!.querySelectorAll('dt')].map((d) => d.textContent)).toEqual(['故障類別', '工程師']);
    expect([...cards[0]!.querySelectorAll('dd')].map((d) => d.textContent)).toEqual(['螢幕顯示錯誤碼', '何偉文']);
    // Read as a cell would be: the column's name before the number.
    expect(cards[1]).toHaveTextContent(/^編號: SR-2026-000103/);
  });

  it('keeps a nowrap table of short values (readings) a table that scrolls sideways', () => {
    restore = mockViewportWidth(390);
    renderWithProviders(<DetailTable<Request> label="讀數" rows={rows} rowKey={(r) => r.id} empty="沒有" columns={columns} nowrap />);
    expect(screen.getByRole('table', { name: '讀數' })).toBeInTheDocument();
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
  });

  it('is a table again from 600 px', () => {
    restore = mockViewportWidth(600);
    renderWithProviders(<DetailTable<Request> label="維修紀錄" rows={rows} rowKey={(r) => r.id} empty="沒有" columns={columns} />);
    expect(within(screen.getByRole('table', { name: '維修紀錄' })).getAllByRole('row')).toHaveLength(3);
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

describe('DetailTable column alignment', () => {
  it('right-aligns a column with `align: right`, header and cells; others keep the default', () => {
    type Reading = { id: string; date: string; pages: string };
    renderWithProviders(
      <DetailTable<Reading>
        label="Readings"
        rows={[{ id: 'r1', date: '31 Oct 2026', pages: '3,100' }]}
        rowKey={(r) => r.id}
        empty="None"
        columns={[
          { header: 'Date', render: (r) => r.date },
          { header: 'Pages', render: (r) => r.pages, align: 'right' },
        ]}
      />,
    );
    expect(screen.getByRole('columnheader', { name: 'Pages' })).toHaveClass('MuiTableCell-alignRight');
    expect(screen.getByRole('cell', { name: '3,100' })).toHaveClass('MuiTableCell-alignRight');
    expect(screen.getByRole('cell', { name: '31 Oct 2026' })).not.toHaveClass('MuiTableCell-alignRight');
  });
});
