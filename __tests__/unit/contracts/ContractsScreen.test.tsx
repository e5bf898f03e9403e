import { screen, within } from '@testing-library/react';
import { ContractsScreen } from '@/components/contracts/ContractsScreen';
import { contractsContract } from '@/lib/contracts/contract';
import type { ContractItem } from '@/lib/contracts/schemas';
import { endpointSuccess } from '../testUtils/handlers';
import { renderWithProviders, type TestLocale } from '../testUtils/render';
import { server } from '../testUtils/server';

const item = (id: string, contractNo: string, minimumChargeCents: number): ContractItem =>
  ({
    id,
    contractNo,
    contractType: 'rental',
    startDate: '2024-03-01',
    endDate: '2029-02-28',
    termMonths: 60,
    billingFrequency: 'monthly',
    status: 'active',
    machineCount: 1,
    serials: ['3B7-209156'],
    nextBillingDate: '2026-12-01',
    periodChargeCents: 185_000,
    minimumChargeCents,
  }) as ContractItem;

describe.each([
  ['en', 'None', 'HK$600.00'],
  ['tc', '不設', 'HK$600.00'],
] as const)('ContractsScreen (%s)', (locale: TestLocale, none, amount) => {
  it('a contract without a minimum charge says so in the list, as its page does, never "HK$0.00" (QA)', async () => {
    const items = [item('5eed0020-0000-4000-8000-000000000001', 'CT-2022-00412', 0), item('5eed0020-0000-4000-8000-000000000002', 'CT-2024-00118', 60_000)];
    server.use(endpointSuccess(contractsContract.endpoints.listContracts, { items, total: items.length }));
    renderWithProviders(<ContractsScreen />, { locale, router: { pathname: '/my-account/contract-billing-schedule', query: {}, isReady: true }, functionCodes: ['contract_billing_read'] });
    const rowOf = async (no: string) => (await screen.findAllByText(no)).map((el) => el.closest('tr')).find(Boolean)!;
    const cells = (row: Element) => within(row as HTMLElement).getAllByRole('cell').map((c) => c.textContent);
    expect(cells(await rowOf('CT-2022-00412'))).toContain(none);
    expect(cells(await rowOf('CT-2022-00412'))).not.toContain('HK$0.00');
    expect(cells(await rowOf('CT-2024-00118'))).toContain(amount);
  });
});
