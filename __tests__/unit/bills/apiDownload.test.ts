import { http, HttpResponse } from 'msw';
import { apiDownload } from '@/lib/api/client';
import { useLoadingStore } from '@/store/loadingStore';
import { server } from '../testUtils/server';
import { billsContract } from '@/lib/bills/contract';

const PATH = billsContract.endpoints.downloadBillPdf.path;

describe('apiDownload (file answers of the API)', () => {
  it('answers the file as a Blob, sending the JSON body by POST', async () => {
    let body: unknown;
    server.use(
      http.post(PATH, async ({ request }) => {
        body = await request.json();
        return new HttpResponse(new Uint8Array([0x25, 0x50, 0x44, 0x46]), { headers: { 'Content-Type': 'application/pdf', 'X-Trace-Id': 'tr-1' } });
      }),
    );
    const result = await apiDownload(PATH, { id: 'b1' });
    expect(body).toEqual({ id: 'b1' });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.traceId).toBe('tr-1');
    expect(result.data.type).toBe('application/pdf');
    expect(new Uint8Array(await result.data.arrayBuffer())).toEqual(new Uint8Array([0x25, 0x50, 0x44, 0x46]));
  });

  it('reads an error envelope out of the Blob (code, message, trace id)', async () => {
    server.use(http.post(PATH, () => HttpResponse.json({ status: 'error', error: { code: 'NOT_FOUND', message: 'gone' }, traceId: 'tr-2' }, { status: 404 })));
    expect(await apiDownload(PATH, { id: 'b1' })).toEqual({ ok: false, error: { status: 404, code: 'NOT_FOUND', message: 'gone', traceId: 'tr-2' } });
  });

  it('treats a JSON success answer as a failure (a file was expected), and a network failure as NETWORK', async () => {
    server.use(http.post(PATH, () => HttpResponse.json({ status: 'success', data: {}, traceId: 'tr-3' })));
    const json = await apiDownload(PATH, {});
    expect(json).toMatchObject({ ok: false, error: { code: 'INTERNAL', traceId: 'tr-3' } });
    server.use(http.post(PATH, () => HttpResponse.error()));
    expect(await apiDownload(PATH, {})).toMatchObject({ ok: false, error: { status: 0, code: 'NETWORK' } });
  });

  it('holds the loading overlay unless silent', async () => {
    server.use(http.post(PATH, () => new HttpResponse('x', { headers: { 'Content-Type': 'text/csv' } })));
    const seen: number[] = [];
    const unsubscribe = useLoadingStore.subscribe((s) => seen.push(s.pending));
    await apiDownload(PATH, {});
    await apiDownload(PATH, {}, { silent: true });
    unsubscribe();
    expect(seen).toEqual([1, 0]);
  });
});
