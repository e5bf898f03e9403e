/**
 * An offer's status steps (publish, back to draft, expire): the step's button goes away with the new status, and the
 * focus the confirmation gave back to it was lost to the page's body, with nothing said.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { OfferActions } from '@/components/admin/offers/OfferActions';
import { useEndpointQuery } from '@/lib/api/query';
import { offersContract } from '@/lib/offers/contract';
import type { OfferDetail, OfferStatus } from '@/lib/offers/schemas';
import { endpointSuccess } from '../testUtils/handlers';
import { renderWithProviders } from '../testUtils/render';
import { server } from '../testUtils/server';

const E = offersContract.endpoints;
const ID = '5eed0050-0000-4000-8000-000000000001';
const offer = (status: OfferStatus) => ({ id: ID, titleEn: 'Spring toner offer', titleZh: '春季碳粉優惠', status, storedStatus: status }) as unknown as OfferDetail;

/** The offer as the view page reads it: the step's answer refreshes it (the contract's invalidation). */
function OfferView() {
  const q = useEndpointQuery(E.getOffer, { id: ID });
  return q.data ? <OfferActions offer={q.data} /> : null;
}

describe('an offer’s status steps', () => {
  it.each([
    ['en', 'Publish', 'The offer is published.'],
    ['tc', '發佈', '優惠已發佈。'],
  ] as const)('%s: publishing says so, and that message has the focus once "Publish" is gone', async (locale, publish, done) => {
    const user = userEvent.setup();
    let status: OfferStatus = 'draft';
    server.use(
      endpointSuccess(E.getOffer, () => offer(status)),
      endpointSuccess(E.setOfferStatus, (body) => ((status = body.status), { id: ID, status })),
    );
    renderWithProviders(<OfferView />, { locale, functionCodes: ['offer_read', 'offer_write'] });
    await user.click(await screen.findByRole('button', { name: publish }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: publish }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(screen.queryByRole('button', { name: publish })).not.toBeInTheDocument());
    expect(screen.getByRole('status')).toHaveTextContent(done);
    expect(screen.getByRole('status')).toHaveFocus();
  });
});
