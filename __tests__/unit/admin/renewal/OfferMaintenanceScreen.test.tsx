import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import userEvent from '@testing-library/user-event';
import { OfferMaintenanceScreen } from '@/components/admin/renewal/OfferMaintenanceScreen';
import { renewalContract } from '@/lib/renewal/contract';
import type { OfferItem, SaveOfferBody } from '@/lib/renewal/schemas';
import { endpointSuccess, nextTraceId } from '../../testUtils/handlers';
import { renderWithProviders } from '../../testUtils/render';
import { server } from '../../testUtils/server';

const R = renewalContract.endpoints;

const offer: OfferItem = {
  id: '5eed0090-0000-4000-8000-000000000024',
  offerCode: 'RN-MAINT-24',
  nameEn: 'Maintenance renewal, 24 months',
  nameZh: '保養續約（24個月）',
  descriptionEn: '',
  descriptionZh: '',
  contractType: 'maintenance',
  termMonths: 24,
  periodChargeCents: 0,
  minimumChargeCents: 45_000,
  monoRate: '0.0450',
  colourRate: '0.4200',
  monoAllowance: 0,
  colourAllowance: 0,
  newModelCode: null,
  validFrom: '2026-01-01',
  validTo: '2026-12-31',
  status: 'active',
  renewalCount: 1,
  updatedAt: '2026-01-01T00:00:00.000Z',
};

/** The list with one offer, the model list, and a save that records its bodies. */
function answer() {
  const saved: SaveOfferBody[] = [];
  server.use(
    endpointSuccess(R.listOffers, { items: [offer], total: 1 }),
    endpointSuccess(R.listModels, []),
    endpointSuccess(R.getOffer, offer),
    endpointSuccess(R.saveOffer, (body) => {
      saved.push(body);
      return offer;
    }),
  );
  return saved;
}

async function openOffer(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'RN-MAINT-24' }));
  return screen.findByRole('dialog');
}

describe('renewal offer maintenance: the list', () => {
  it('the term in months is a figure, right-aligned like the charge and the renewals beside it', async () => {
    answer();
    renderWithProviders(<OfferMaintenanceScreen />, { functionCodes: ['renewal_offer_write'], route: '/admin-controls/contract-renewal-offer-maintenance' });
    await screen.findByRole('button', { name: 'RN-MAINT-24' });
    const header = (name: string) => screen.getByRole('columnheader', { name: new RegExp(name) });
    for (const name of ['Term', 'Renewals']) expect(header(name).className).toMatch(/alignRight/);
  });
});

describe('renewal offer maintenance: the add / edit dialog', () => {
  it('a minimum charge left empty (no asterisk) is saved as none (0), not refused as required', async () => {
    const user = userEvent.setup();
    const saved = answer();
    renderWithProviders(<OfferMaintenanceScreen />, { route: '/admin-controls/contract-renewal-offer-maintenance', functionCodes: ['renewal_offer_write'] });
    const dialog = await openOffer(user);
    const minimum = within(dialog).getByRole('textbox', { name: 'Minimum charge' });
    expect(minimum).not.toBeRequired();
    await user.clear(minimum);
    await user.click(within(dialog).getByRole('button', { name: 'Save offer' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]!.offer).toMatchObject({ minimumChargeCents: 0, periodChargeCents: 0 });
    expect(screen.queryByText('This field is required.')).not.toBeInTheDocument();
  });

  it.each([
    ['1234.567', 'Enter an amount in HK$ with at most two decimals, for example 1234.50.', '1234.567'],
    ['-100', 'The amount cannot be negative.', '-100.00'],
    ['99999999999999999999', 'The amount cannot be more than HK$1,000,000.', '99999999999999999999'],
  ])('a charge of %s says what is wrong with it: %s', async (typed, message, shown) => {
    const user = userEvent.setup();
    const saved = answer();
    renderWithProviders(<OfferMaintenanceScreen />, { route: '/admin-controls/contract-renewal-offer-maintenance', functionCodes: ['renewal_offer_write'] });
    const dialog = await openOffer(user);
    const charge = within(dialog).getByRole('textbox', { name: 'Charge per period' });
    await user.clear(charge);
    await user.type(charge, typed);
    await user.click(within(dialog).getByRole('button', { name: 'Save offer' }));
    expect((await within(dialog).findAllByText(message)).length).toBeGreaterThan(0);
    expect(within(dialog).queryByText('Enter a number.')).not.toBeInTheDocument();
    // Leaving the field shows an amount with two decimals, and leaves what cannot be one as typed.
    expect(charge).toHaveValue(shown);
    expect(saved).toHaveLength(0);
  });

  it('takes an offer code as the UCP id is taken: trimmed and upper-cased before it is checked', async () => {
    const user = userEvent.setup();
    const saved = answer();
    renderWithProviders(<OfferMaintenanceScreen />, { route: '/admin-controls/contract-renewal-offer-maintenance', functionCodes: ['renewal_offer_write'] });
    const dialog = await openOffer(user);
    const code = within(dialog).getByRole('textbox', { name: /Offer code/ });
    await user.clear(code);
    await user.type(code, ' rn-maint-24 ');
    await user.click(within(dialog).getByRole('button', { name: 'Save offer' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]!.offer.offerCode).toBe('RN-MAINT-24');
  });

  it('says the same in Chinese on the tc site', async () => {
    const user = userEvent.setup();
    answer();
    renderWithProviders(<OfferMaintenanceScreen />, { locale: 'tc', route: '/admin-controls/contract-renewal-offer-maintenance', functionCodes: ['renewal_offer_write'] });
    const dialog = await openOffer(user);
    const minimum = within(dialog).getByRole('textbox', { name: '最低收費' });
    await user.clear(minimum);
    await user.type(minimum, '-100');
    await user.click(within(dialog).getByRole('button', { name: '儲存方案' }));
    expect((await within(dialog).findAllByText('金額不可為負數。')).length).toBeGreaterThan(0);
  });

  it('after a 409 RECORD_CHANGED the dialog reads the offer by id: its current version is saved even when the change moved it off the list page', async () => {
    const user = userEvent.setup();
    const V2 = '2026-02-01T00:00:00.000Z';
    let stored: OfferItem = offer;
    let listed: OfferItem[] = [offer];
    const saved: SaveOfferBody[] = [];
    server.use(
      endpointSuccess(R.listOffers, () => ({ items: listed, total: listed.length })),
      endpointSuccess(R.listModels, []),
      endpointSuccess(R.getOffer, () => stored),
      http.post(R.saveOffer.path, async ({ request }) => {
        const body = (await request.json()) as SaveOfferBody;
        saved.push(body);
        if (body.version !== stored.updatedAt) return HttpResponse.json({ status: 'error', error: { code: 'RECORD_CHANGED', message: 'stale' }, traceId: nextTraceId() }, { status: 409 });
        stored = { ...stored, updatedAt: '2026-02-02T00:00:00.000Z' };
        return HttpResponse.json({ status: 'success', data: stored, traceId: nextTraceId() });
      }),
    );
    renderWithProviders(<OfferMaintenanceScreen />, { route: '/admin-controls/contract-renewal-offer-maintenance', functionCodes: ['renewal_offer_write'] });
    const dialog = await openOffer(user);
    // A colleague makes the offer inactive meanwhile: the list filtered to active offers no longer has it.
    stored = { ...offer, status: 'inactive', nameEn: 'Changed by a colleague', updatedAt: V2 };
    listed = [];

    await user.click(within(dialog).getByRole('button', { name: 'Save offer' }));
    const notice = await within(dialog).findByTestId('form-record-changed');
    await waitFor(() => expect(notice).toHaveTextContent('The form now shows the current values'));
    expect(within(dialog).getByRole('textbox', { name: /Name \(English\)/ })).toHaveValue('Changed by a colleague');

    await user.click(within(dialog).getByRole('button', { name: 'Save offer' }));
    await waitFor(() => expect(saved).toHaveLength(2));
    expect(saved.map((b) => b.version)).toEqual([offer.updatedAt, V2]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});

describe('renewal offer maintenance: closing the dialog', () => {
  it('a click beside the dialog keeps it open with what was typed; Cancel closes it', async () => {
    const user = userEvent.setup();
    answer();
    renderWithProviders(<OfferMaintenanceScreen />, { route: '/admin-controls/contract-renewal-offer-maintenance', functionCodes: ['renewal_offer_write'] });
    const dialog = await openOffer(user);
    const name = within(dialog).getByRole('textbox', { name: /Name \(English\)/ });
    await user.clear(name);
    await user.type(name, 'Typed but not saved');

    // MUI's backdrop is the dialog container's sibling element that receives the outside click.
    const backdrop = document.querySelector('.MuiBackdrop-root');
    expect(backdrop).not.toBeNull();
    await user.click(backdrop!);
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(within(screen.getByRole('dialog')).getByRole('textbox', { name: /Name \(English\)/ })).toHaveValue('Typed but not saved');

    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
