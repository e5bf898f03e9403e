import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ReviewActions } from '@/components/common/ReviewActions';
import { useEndpointQuery } from '@/lib/api/query';
import { endpointError, endpointSuccess } from '../testUtils/handlers';
import { renderWithProviders } from '../testUtils/render';
import { server } from '../testUtils/server';
import { W2, widgetsContract, type Widget } from './widgetContract';

const { approveWidget, rejectWidget, getWidget } = widgetsContract.endpoints;

function Actions({ onDone = jest.fn() }: { onDone?: (d: 'approved' | 'rejected') => void }) {
  return (
    <ReviewActions
      subject={W2.code}
      writeCodes={['payslip_review_write']}
      approve={{ endpoint: approveWidget, toBody: (v) => ({ id: W2.id, ...(v.comment ? { comment: v.comment } : {}) }) }}
      reject={{ endpoint: rejectWidget, toBody: (reason) => ({ id: W2.id, reason }) }}
      onDone={onDone}
    />
  );
}

describe('ReviewActions', () => {
  it('shows nothing without the write code', () => {
    renderWithProviders(<Actions />, { functionCodes: ['payslip_review_read'] });
    expect(screen.queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reject' })).not.toBeInTheDocument();
  });

  it('approves with an optional comment through the contract', async () => {
    const user = userEvent.setup();
    const bodies: unknown[] = [];
    const onDone = jest.fn();
    server.use(endpointSuccess(approveWidget, (b) => (bodies.push(b), { id: W2.id, status: 'active' })));
    renderWithProviders(<Actions onDone={onDone} />, { functionCodes: ['payslip_review_write'] });
    await user.click(screen.getByRole('button', { name: 'Approve' }));
    const dialog = screen.getByRole('dialog', { name: 'Approve FN-2' });
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(onDone).toHaveBeenCalledWith('approved', { id: W2.id, status: 'active' }));
    expect(bodies).toEqual([{ id: W2.id }]);
  });

  it('rejects only with a reason', async () => {
    const user = userEvent.setup();
    const bodies: unknown[] = [];
    server.use(endpointSuccess(rejectWidget, (b) => (bodies.push(b), { id: W2.id, status: 'retired' })));
    renderWithProviders(<Actions />, { functionCodes: ['payslip_review_write'] });
    await user.click(screen.getByRole('button', { name: 'Reject' }));
    const dialog = screen.getByRole('dialog', { name: 'Reject FN-2' });
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await within(dialog).findByText('This field is required.')).toBeInTheDocument();
    expect(bodies).toEqual([]);
    await user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Wrong amount');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(bodies).toEqual([{ id: W2.id, reason: 'Wrong amount' }]));
  });

  it('puts the server’s message on the reason box when the body names the reason otherwise (reasonField)', async () => {
    const user = userEvent.setup();
    // The approvals send the reason as `comment`: its refusal used to go into an alert naming no field (QA).
    server.use(endpointError(rejectWidget, 'VALIDATION', { status: 400, fields: { comment: ['accountChanges:validation.noControl'] } }));
    renderWithProviders(
      <ReviewActions
        subject={W2.code}
        writeCodes={['payslip_review_write']}
        approve={{ endpoint: approveWidget, toBody: () => ({ id: W2.id }) }}
        reject={{ endpoint: rejectWidget, toBody: (reason) => ({ id: W2.id, reason }), reasonField: 'comment' }}
      />,
      { functionCodes: ['payslip_review_write'] },
    );
    await user.click(screen.getByRole('button', { name: 'Reject' }));
    const dialog = screen.getByRole('dialog', { name: 'Reject FN-2' });
    const reason = within(dialog).getByRole('textbox', { name: /Reason/ });
    await user.type(reason, 'Wrong amount');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(reason).toHaveAttribute('aria-invalid', 'true'));
    expect(within(dialog).getByText('Remove the special characters from this field.')).toBeInTheDocument();
  });

  it('says plainly when someone else decided first (409), and offers no more buttons', async () => {
    const user = userEvent.setup();
    server.use(endpointError(approveWidget, 'SLIP_ALREADY_REVIEWED', { status: 409 }));
    renderWithProviders(<Actions />, { functionCodes: ['payslip_review_write'], locale: 'tc' });
    await user.click(screen.getByRole('button', { name: '批准' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: '批准' }));
    const conflict = await screen.findByTestId('review-conflict');
    expect(conflict).toHaveTextContent('其他人已處理此項目');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.queryByRole('button', { name: '批准' })).not.toBeInTheDocument();
  });

  it('after a 409 the record on the page is fetched again, so the page shows where it stands', async () => {
    const user = userEvent.setup();
    let status: Widget['status'] = 'draft';
    let reads = 0;
    server.use(
      endpointSuccess(getWidget, () => (reads++, { ...W2, status })),
      endpointError(approveWidget, 'SLIP_ALREADY_REVIEWED', { status: 409 }),
    );
    function Record() {
      const q = useEndpointQuery(getWidget, { id: W2.id });
      return <p data-testid="widget-status">{q.data?.status ?? 'loading'}</p>;
    }
    renderWithProviders(
      <>
        <Record />
        <Actions />
      </>,
      { functionCodes: ['payslip_review_write'] },
    );
    expect(await screen.findByText('draft')).toBeInTheDocument();
    // Someone else approves it meanwhile.
    status = 'active';
    await user.click(screen.getByRole('button', { name: 'Approve' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Approve' }));
    await screen.findByTestId('review-conflict');
    await waitFor(() => expect(screen.getByTestId('widget-status')).toHaveTextContent('active'));
    expect(reads).toBe(2);
  });
});
