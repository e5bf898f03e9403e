import Box from '@mui/material/Box';
import { StatusChip } from '@/components/common/StatusChip';
import type { BillListItem } from '@/lib/bills/schemas';

/**
 * Every status the bill meets, the main one first ("Payment under review", "Overdue", "Partly paid"): the labels the
 * list's status filter matches, so a bill found by "Partly paid" says so (docs/bills.md, "Bill status").
 */
export function BillStatusChips({ bill }: { bill: Pick<BillListItem, 'status' | 'statuses'> }) {
  const statuses = bill.statuses?.length ? bill.statuses : [bill.status];
  if (statuses.length === 1) return <StatusChip status={statuses[0]!} />;
  return (
    <Box sx={{ display: 'inline-flex', flexWrap: 'wrap', gap: 0.5, justifyContent: 'inherit' }}>
      {statuses.map((s) => (
        <StatusChip key={s} status={s} />
      ))}
    </Box>
  );
}
