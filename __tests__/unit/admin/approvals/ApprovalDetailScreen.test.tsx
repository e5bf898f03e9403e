/**
 * Two staff deciding the same change request (docs/account-changes.md, "Concurrency"): the loser's page is refreshed
 * by the 409 and says so. QA found the warning telling staff to "Reload it to see where it stands. The page now shows
 * its current state." — a reload it did not need, and two sentences contradicting each other.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApprovalDetailScreen } from '@/components/admin/approvals/ApprovalDetailScreen';
import { accountChangesContract as C } from '@/lib/accountChanges/contract';
import type { ReviewDetail } from '@/lib/accountChanges/schemas';
import { endpointError, endpointSuccess, testChangeDetail } from '../../testUtils/handlers';
import { renderWithProviders, text, type TestLocale } from '../../testUtils/render';
import { server } from '../../testUtils/server';

const request: ReviewDetail = {
  ...testChangeDetail(),
  ucpId: 'UCP100001',
  customerNameEn: 'Harbour View Trading Company Limited',
  customerNameZh: '海景貿易有限公司',
  actions: ['start', 'approve', 'reject'],
};

/** Opens the request for review and approves it through the confirmation dialog; answers the button's name. */
async function openAndApprove(user: ReturnType<typeof userEvent.setup>, locale: TestLocale): Promise<string> {
  renderWithProviders(<ApprovalDetailScreen />, {
    locale,
    functionCodes: ['apv_chg_rec_hardcopy_write'],
    router: { pathname: '/admin-controls/approve-account-info-update/[id]', query: { id: request.id } },
  });
  const approve = text(locale, 'common:ui.review.approve');
  await user.click(await screen.findByRole('button', { name: approve }));
  await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: approve }));
  return approve;
}

describe.each(['en', 'tc'] as const)('approving a request someone else decided first (%s)', (locale: TestLocale) => {
  it('says it moved on and that the page shows where it stands, without asking for a reload', async () => {
    const user = userEvent.setup();
    server.use(endpointSuccess(C.endpoints.getForReview, request), endpointError(C.endpoints.transition, 'CHANGE_STATUS_CONFLICT', { status: 409 }));
    await openAndApprove(user, locale);
    const conflict = await screen.findByTestId('review-conflict');
    expect(conflict).toHaveTextContent(text(locale, 'error:CHANGE_STATUS_CONFLICT'));
    expect(conflict).toHaveTextContent(text(locale, 'common:ui.review.conflictBody'));
    expect(conflict.textContent).not.toMatch(locale === 'en' ? /reload/i : /重新載入/);
    expect(conflict.textContent).not.toContain('。 ');
    // The buttons are gone with the conflict: the message has the focus, not the page's body.
    await waitFor(() => expect(conflict).toHaveFocus());
  });

  it('an approval’s confirmation takes the focus from the buttons the approved request no longer offers', async () => {
    const user = userEvent.setup();
    let approved = false;
    server.use(
      endpointSuccess(C.endpoints.getForReview, (): ReviewDetail => (approved ? { ...request, status: 'approved', actions: ['complete'] } : request)),
      endpointSuccess(C.endpoints.transition, () => ((approved = true), { id: request.id, status: 'approved' as const })),
    );
    const approve = await openAndApprove(user, locale);
    await waitFor(() => expect(screen.queryByRole('button', { name: approve })).not.toBeInTheDocument());
    expect(screen.getByRole('status')).toHaveTextContent(text(locale, 'accountChanges:review.done.approved'));
    expect(screen.getByRole('status')).toHaveFocus();
  });
});

describe.each(['en', 'tc'] as const)('a step someone else took first (%s)', (locale: TestLocale) => {
  it('"Mark completed" answered 409: the page shows the request as it now stands and says someone else acted', async () => {
    const user = userEvent.setup();
    // First the approved request with "complete" offered; after the 409 the refetch finds it completed (no steps left),
    // which removed the button and, with it, the only message: the page just changed (QA).
    let calls = 0;
    server.use(
      endpointSuccess(C.endpoints.getForReview, (): ReviewDetail => (calls++ === 0 ? { ...request, status: 'approved', actions: ['complete'] } : { ...request, status: 'completed', actions: [] })),
      endpointError(C.endpoints.transition, 'CHANGE_STATUS_CONFLICT', { status: 409 }),
    );
    renderWithProviders(<ApprovalDetailScreen />, {
      locale,
      functionCodes: ['apv_chg_rec_hardcopy_write'],
      router: { pathname: '/admin-controls/approve-account-info-update/[id]', query: { id: request.id } },
    });
    const complete = await screen.findByRole('button', { name: text(locale, 'accountChanges:review.complete') });
    await user.click(complete);
    const alert = await screen.findByTestId('step-error');
    await waitFor(() => expect(screen.queryByRole('button', { name: text(locale, 'accountChanges:review.complete') })).not.toBeInTheDocument());
    expect(calls).toBeGreaterThan(1);
    expect(alert).toBeInTheDocument();
    expect(alert).toHaveTextContent(text(locale, 'common:ui.review.conflictTitle'));
    expect(alert).toHaveTextContent(text(locale, 'error:CHANGE_STATUS_CONFLICT'));
    expect(alert).toHaveFocus();
  });
});
