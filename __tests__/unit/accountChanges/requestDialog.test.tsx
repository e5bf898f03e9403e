/**
 * The customer's request dialog (`/customer-support/account-info-update?request=<id>`, docs/account-changes.md):
 * a rejection's reason is said once in the warning above the values (and kept in the history), not also as a row of
 * the facts — QA found a 500-character reason printed three times on a phone.
 */
import { screen, within } from '@testing-library/react';
import { RequestListScreen } from '@/components/accountChanges/RequestListScreen';
import { accountChangesContract as C } from '@/lib/accountChanges/contract';
import type { ChangeStatus } from '@/lib/accountChanges/constants';
import type { ChangeDetail } from '@/lib/accountChanges/schemas';
import { endpointSuccess, testChangeDetail } from '../testUtils/handlers';
import { renderWithProviders, text, type TestLocale } from '../testUtils/render';
import { server } from '../testUtils/server';

const ID = '00000000-0000-4000-8000-000000000104';
const REASON = 'Please give an address in Kwun Tong.';

/** A hardcopy request decided by staff on the 19th with `REASON` as their comment. */
function detail(status: ChangeStatus): ChangeDetail {
  const submitted = testChangeDetail();
  return testChangeDetail({
    id: ID,
    requestNo: 'ACR-2026-000104',
    status,
    reviewerComment: REASON,
    updatedAt: '2026-11-19T02:10:00.000Z',
    history: [...submitted.history, { at: '2026-11-19T02:10:00.000Z', fromStatus: 'pending', toStatus: status, actorName: null, byProvider: true, comment: REASON }],
  });
}

function open(locale: TestLocale, status: ChangeStatus) {
  const d = detail(status);
  const { oldValue: _o, newValue: _n, effectiveDate: _e, attachments: _a, history: _h, ...row } = d;
  server.use(endpointSuccess(C.endpoints.listRequests, { items: [{ ...row, machineIds: [], contractIds: [] }], total: 1 }), endpointSuccess(C.endpoints.getRequest, d));
  renderWithProviders(<RequestListScreen />, {
    locale,
    functionCodes: ['ac_chg_rec_hardcopy_read'],
    router: { pathname: '/customer-support/account-info-update', query: { request: ID } },
  });
}

describe.each(['en', 'tc'] as const)('the request dialog (%s)', (locale) => {
  it('a rejection: the reason in the warning and the history, not also as "our comment" in the facts', async () => {
    open(locale, 'reject');
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByText(text(locale, 'accountChanges:detail.history'));
    expect(within(dialog).getAllByText(REASON)).toHaveLength(2);
    expect(within(dialog).getByRole('alert')).toHaveTextContent(REASON);
    expect(within(dialog).queryByText(text(locale, 'accountChanges:detail.facts.comment'))).toBeNull();
  });

  it('an approval note stays among the facts (there is no warning)', async () => {
    open(locale, 'approved');
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText(text(locale, 'accountChanges:detail.facts.comment'))).toBeInTheDocument();
    expect(within(dialog).queryByRole('alert')).toBeNull();
  });
});

describe('the request list', () => {
  it('a long reviewer comment is held to three lines in the list, the whole of it in its tooltip', async () => {
    const long = 'Please attach the signed board resolution and the new business registration certificate. '.repeat(6).trim();
    const { oldValue: _o, newValue: _n, effectiveDate: _e, attachments: _a, history: _h, ...row } = { ...detail('reject'), reviewerComment: long };
    server.use(endpointSuccess(C.endpoints.listRequests, { items: [{ ...row, machineIds: [], contractIds: [] }], total: 1 }));
    renderWithProviders(<RequestListScreen />, { locale: 'en', functionCodes: ['ac_chg_rec_hardcopy_read'], router: { pathname: '/customer-support/account-info-update', query: {} } });
    const cells = await screen.findAllByTestId('comment-clamped');
    for (const cell of cells) {
      expect(cell).toHaveAttribute('title', long);
      expect(cell).toHaveStyle({ overflow: 'hidden', display: '-webkit-box' });
    }
  });
});
