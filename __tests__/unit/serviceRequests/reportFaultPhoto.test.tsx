/**
 * The fault report's photo uploads as soon as it is chosen. QA desk review: "Report the fault" stayed enabled while it
 * uploaded (seconds on a phone), and a report sent meanwhile went without the photo, with no word about it.
 */
import { File as NodeFile } from 'node:buffer';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ReportFaultScreen } from '@/components/serviceRequests/ReportFaultScreen';
import { serviceRequestsContract } from '@/lib/serviceRequests/contract';
import type { NewRequestContext } from '@/lib/serviceRequests/schemas';
import { endpointSuccess } from '../testUtils/handlers';
import { renderWithProviders, type TestLocale } from '../testUtils/render';
import { server } from '../testUtils/server';

// As in FileUploadField.test: Node's File, which Node's FormData accepts.
globalThis.File = NodeFile as unknown as typeof File;

const upload = jest.fn();
jest.mock('@/lib/upload/uploadWithProgress', () => ({
  ...jest.requireActual<object>('@/lib/upload/uploadWithProgress'),
  uploadWithProgress: (...args: unknown[]) => upload(...args) as unknown,
}));

const E = serviceRequestsContract.endpoints;
const MACHINE = '5eed0040-0000-4000-8000-000000000001';
const ctx: NewRequestContext = {
  machine: { id: MACHINE, serialNo: '3C4-512784', modelCode: 'C3060', modelNameEn: 'Fujifilm Apeos C3060', modelNameZh: '富士 Apeos C3060', isColour: true, locationEn: 'Reception', locationZh: '接待處', addressEn: '1 Harbour Road', addressZh: '港灣道1號' },
  contractNo: 'CT-2024-00530',
  responseHours: 4,
  dueIfNow: '2026-12-03T08:00:00.000Z',
  contactName: 'Chan Tai Man',
  contactPhone: '2345 6789',
  openRequests: [],
  today: '2026-12-03',
};
const PNG = new Uint8Array(64);
PNG.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

describe('the fault report while its photo uploads', () => {
  it.each([
    ['en', 'Report the fault', 'Uploading the photo… You can report the fault once it is attached.', 'Photo attached.'],
    ['tc', '報告故障', '正在上載相片…相片附上後便可報告故障。', '已附上相片。'],
  ] as const)('%s: sending waits for the photo, and says why', async (locale: TestLocale, send, uploading, attached) => {
    let finish: (v: unknown) => void = () => undefined;
    upload.mockReturnValue(new Promise((resolve) => (finish = resolve)));
    server.use(endpointSuccess(E.newRequestContext, ctx));
    renderWithProviders(<ReportFaultScreen />, { locale, functionCodes: ['service_req_write'], route: `/service-requests/new?machineId=${MACHINE}` });
    const submit = await screen.findByRole('button', { name: send });
    expect(submit).toBeEnabled();
    const chooser = document.querySelector('input[type="file"]') as HTMLInputElement;
    await userEvent.upload(chooser, new File([PNG], 'panel.png', { type: 'image/png' }));
    expect(await screen.findByTestId('photo-uploading')).toHaveTextContent(uploading);
    expect(submit).toBeDisabled();
    finish({ ok: true, traceId: 't', data: { fileId: 'f1' } });
    expect(await screen.findByText(attached)).toBeInTheDocument();
    expect(screen.queryByTestId('photo-uploading')).not.toBeInTheDocument();
    expect(submit).toBeEnabled();
  }, 30_000);
});
