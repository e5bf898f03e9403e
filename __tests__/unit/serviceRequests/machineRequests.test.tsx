/**
 * A machine's requests (`/service-requests?machineId=`) and its fault report (`/service-requests/new?machineId=`).
 * QA (tc, desktop): a removed machine's list offered "Report a fault for this machine", whose form then said it could
 * not load with a "try again" that could never succeed; the list did not say which machine it showed.
 */
import { screen } from '@testing-library/react';
import { ReportFaultScreen } from '@/components/serviceRequests/ReportFaultScreen';
import { ServiceRequestsListScreen } from '@/components/serviceRequests/ServiceRequestsListScreen';
import { serviceRequestsContract } from '@/lib/serviceRequests/contract';
import type { ServiceMachine } from '@/lib/serviceRequests/schemas';
import { endpointError, endpointSuccess } from '../testUtils/handlers';
import { renderWithProviders, type TestLocale } from '../testUtils/render';
import { server } from '../testUtils/server';

const E = serviceRequestsContract.endpoints;
const ACTIVE = '5eed0040-0000-4000-8000-000000000001';
const REMOVED = '5eed0040-0000-4000-8000-000000000010';
const inService: ServiceMachine = {
  id: ACTIVE,
  serialNo: '3C4-512784',
  modelCode: 'C3060',
  modelNameEn: 'Fujifilm Apeos C3060',
  modelNameZh: '富士 Apeos C3060',
  isColour: true,
  locationEn: 'Reception',
  locationZh: '接待處',
  addressEn: '1 Harbour Road',
  addressZh: '港灣道1號',
};

function listFor(machineId: string, locale: TestLocale, codes: string[] = ['service_req_read', 'service_req_write']) {
  server.use(endpointSuccess(E.list, { items: [], total: 0 }), endpointSuccess(E.machines, [inService]));
  renderWithProviders(<ServiceRequestsListScreen />, { locale, functionCodes: codes as never, route: `/service-requests?machineId=${machineId}` });
}

describe("a machine's service requests", () => {
  it.each([
    ['en', 'The requests for Fujifilm Apeos C3060 · 3C4-512784.', 'Report a fault for this machine', 'All service requests'],
    ['tc', '富士 Apeos C3060 · 3C4-512784 的維修申請。', '為此機器報告故障', '所有維修申請'],
  ] as const)('%s: names the machine in service and offers its fault report and the way back to all', async (locale, subtitle, report, all) => {
    listFor(ACTIVE, locale);
    expect(await screen.findByText(subtitle)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: report })).toHaveAttribute('href', expect.stringContaining(`/service-requests/new?machineId=${ACTIVE}`));
    expect(screen.getByRole('link', { name: all })).toHaveAttribute('href', expect.stringMatching(/\/service-requests$/));
  });

  it('offers no fault report for a machine out of service, and says the list is one machine’s', async () => {
    listFor(REMOVED, 'tc');
    expect(await screen.findByText('一部機器的維修申請。')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '所有維修申請' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: '為此機器報告故障' })).not.toBeInTheDocument();
  });

  it('offers none to a reader without service_req_write', async () => {
    listFor(ACTIVE, 'en', ['service_req_read']);
    expect(await screen.findByText("One machine's requests.")).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Report a fault for this machine' })).not.toBeInTheDocument();
  });
});

describe('the fault report for a machine out of service', () => {
  it.each([
    ['en', 'This machine is no longer in service with your company', 'Choose another machine', 'Try again'],
    ['tc', '此機器已不再', '選擇其他機器', '重試'],
  ] as const)('%s: says why, offers the other machines, and no "try again" that cannot succeed', async (locale, why, another, retry) => {
    server.use(endpointError(E.newRequestContext, 'MACHINE_NOT_SERVICEABLE', { status: 409 }));
    renderWithProviders(<ReportFaultScreen />, { locale, functionCodes: ['service_req_write'], route: `/service-requests/new?machineId=${REMOVED}` });
    expect(await screen.findByText(new RegExp(why))).toBeInTheDocument();
    expect(screen.getByRole('link', { name: another })).toHaveAttribute('href', expect.stringMatching(/\/service-requests\/new$/));
    expect(screen.queryByRole('button', { name: retry })).not.toBeInTheDocument();
  });
});
