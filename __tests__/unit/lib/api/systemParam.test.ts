import { http, HttpResponse } from 'msw';
import { getUploadFileSize } from '@/lib/api/systemParam';
import { useLoadingStore } from '@/store/loadingStore';
import { apiError, apiSuccess } from '../../testUtils/handlers';
import { server } from '../../testUtils/server';

describe('getUploadFileSize', () => {
  it('POSTs to /api/systemParam/getUploadFileSize and returns data.paramValue', async () => {
    const methods: string[] = [];
    server.use(apiSuccess('/api/systemParam/getUploadFileSize', { paramValue: 5 }, { traceId: 't1', onRequest: (r) => methods.push(r.method) }));

    expect(await getUploadFileSize()).toEqual({ ok: true, data: 5, traceId: 't1' });
    expect(methods).toEqual(['POST']);
  });

  it('falls back to 1 MB when the value is missing or unusable', async () => {
    server.use(
      http.post('/api/systemParam/getUploadFileSize', () =>
        HttpResponse.json({ status: 'success', data: { paramValue: 'abc' }, traceId: 't2' }),
      ),
    );
    expect(await getUploadFileSize()).toEqual({ ok: true, data: 1, traceId: 't2' });

    server.use(apiSuccess('/api/systemParam/getUploadFileSize', null, { traceId: 't3' }));
    expect(await getUploadFileSize()).toEqual({ ok: true, data: 1, traceId: 't3' });
  });

  it('passes failures through and honours silent', async () => {
    server.use(apiError('/api/systemParam/getUploadFileSize', 'AUTH_REQUIRED', { status: 401 }));
    const seen: number[] = [];
    const unsubscribe = useLoadingStore.subscribe((s) => seen.push(s.pending));

    const result = await getUploadFileSize({ silent: true, disableErrorHandler: true });

    unsubscribe();
    expect(result.ok || result.error).toMatchObject({ status: 401, code: 'AUTH_REQUIRED' });
    expect(seen).toEqual([]);
  });
});
