import { screen, within } from '@testing-library/react';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import { PlainTable } from '@/components/common/PlainTable';
import { renderWithProviders } from '../testUtils/render';

describe('PlainTable', () => {
  it('names the table, draws the head row from `head` (right-aligned amounts, an empty cell) and the rows it is given', () => {
    renderWithProviders(
      <PlainTable label="Billing schedule" testId="billing-schedule" head={[{ padding: 'checkbox' }, 'Period', { label: 'Amount', align: 'right' }]}>
        <TableRow>
          <TableCell />
          <TableCell>Jan 2026</TableCell>
          <TableCell align="right">HK$100.00</TableCell>
        </TableRow>
      </PlainTable>,
    );
    const table = screen.getByRole('table', { name: 'Billing schedule' });
    expect(table).toHaveAttribute('data-testid', 'billing-schedule');
    const heads = within(table).getAllByRole('columnheader');
    expect(heads.map((h) => h.textContent)).toEqual(['', 'Period', 'Amount']);
    expect(heads[0]).toHaveClass('MuiTableCell-paddingCheckbox');
    expect(heads[2]).toHaveClass('MuiTableCell-alignRight');
    expect(within(table).getByRole('cell', { name: 'Jan 2026' })).toBeInTheDocument();
    // Scrolls sideways on a phone rather than squeezing its columns.
    expect(getComputedStyle(table.parentElement!).overflowX).toBe('auto');
  });
});
