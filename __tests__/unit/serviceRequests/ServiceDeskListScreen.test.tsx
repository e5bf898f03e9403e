import { screen } from '@testing-library/react';
import { ServiceDeskListScreen } from '@/components/admin/serviceDesk/ServiceDeskListScreen';
import { serviceDeskContract } from '@/lib/serviceRequests/contract';
import { endpointSuccess } from '../testUtils/handlers';
import { fakeDateOnly } from '../testUtils/clock';
import { renderWithProviders, type TestLocale } from '../testUtils/render';
import { server } from '../testUtils/server';

const D = serviceDeskContract.endpoints;

/** The desk on `instant` (only Date faked), with an empty queue. */
async function deskOn(instant: string, locale: TestLocale = 'en') {
  fakeDateOnly(new Date(instant));
  server.use(endpointSuccess(D.list, { items: [], total: 0 }), endpointSuccess(D.summary, { open: 0, unacknowledged: 0, atRisk: 0, breached: 0 }));
  renderWithProviders(<ServiceDeskListScreen />, { locale, functionCodes: ['service_req_admin_read'], route: '/admin-controls/service-desk' });
  await screen.findByText(locale === 'en' ? 'Breached' : '未達服務水平');
}

describe('ServiceDeskListScreen: the SLA clock’s holiday list running out', () => {
  afterEach(() => jest.useRealTimers());

  it('says nothing while the list covers the coming months', async () => {
    await deskOn('2027-10-01T04:00:00Z');
    expect(screen.queryByTestId('holiday-list-notice')).toBeNull();
  });

  it.each([
    ['en', "The Hong Kong holiday list of the SLA clock ends on 31 Dec 2027. Ask IT to add the next year's general holidays"],
    ['tc', '服務水平時鐘的香港公眾假期列表只至 2027年12月31日'],
  ] as const)('tells the staff from 90 days before it ends (%s)', async (locale, text) => {
    await deskOn('2027-10-02T04:00:00Z', locale);
    expect(screen.getByTestId('holiday-list-notice')).toHaveTextContent(text);
  });
});

// QA (tc, desktop): 21 characters in the UCP id box (a company name pasted) failed the list's schema, so the filter was
// dropped and every customer's open requests were listed under the text. The box now stops at the schema's 20.
describe('ServiceDeskListScreen: the UCP id filter', () => {
  it.each([
    ['en', 'Customer ID (UCP)'],
    ['tc', '客戶編號（UCP）'],
  ] as const)('%s: takes no more characters than a UCP id has', async (locale, label) => {
    server.use(endpointSuccess(D.list, { items: [], total: 0 }), endpointSuccess(D.summary, { open: 0, unacknowledged: 0, atRisk: 0, breached: 0 }));
    renderWithProviders(<ServiceDeskListScreen />, { locale, functionCodes: ['service_req_admin_read'], route: '/admin-controls/service-desk' });
    expect(await screen.findByLabelText(label)).toHaveAttribute('maxLength', '20');
    // The free-text search keeps the general limit.
    expect(screen.getAllByRole('searchbox').filter((b) => b.getAttribute('maxLength') === '100')).toHaveLength(1);
  });
});

