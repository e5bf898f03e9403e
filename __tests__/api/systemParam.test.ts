import { eq } from 'drizzle-orm';
import { systemParams } from '@/lib/server/db/schema';
import { createMember, tokenFor } from './helpers/fixtures';
import { describeEachDb } from './helpers/testDb';
import { startTestServer, type TestServer } from './helpers/testServer';
import { systemParamContract } from '@/lib/systemParam/contract';

const PATH = systemParamContract.endpoints.getUploadFileSize.path;

describeEachDb('POST /api/systemParam/getUploadFileSize', (getHandle) => {
  let server: TestServer;
  let token: string;

  beforeAll(async () => {
    // The real route table (apiRoutes), as server.ts serves it.
    server = await startTestServer(getHandle());
    const { user, customer } = await createMember(getHandle().db, []);
    token = await tokenFor(user, customer.ucpId);
  });
  afterAll(async () => {
    await server.close();
  });

  const setParam = async (value: string | null) => {
    const db = getHandle().db;
    await db.delete(systemParams).where(eq(systemParams.paramKey, 'upload_file_size'));
    if (value !== null) await db.insert(systemParams).values({ paramKey: 'upload_file_size', paramValue: value });
  };

  it('needs a token', async () => {
    const res = await server.post(PATH, {});
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe('AUTH_REQUIRED');
    const garbage = await server.post(PATH, {}, { token: 'garbage' });
    expect(garbage.status).toBe(401);
  });

  it('answers 1 (MB) when the parameter has no row', async () => {
    await setParam(null);
    const res = await server.post(PATH, {}, { token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'success', data: { paramValue: 1 }, traceId: expect.any(String) });
  });

  it("answers the row's value when it is set", async () => {
    for (const [stored, expected] of [['5', 5], ['20', 20], ['0.5', 0.5], [' 3 ', 3]] as const) {
      await setParam(stored);
      const res = await server.post(PATH, {}, { token });
      expect({ stored, status: res.status, value: res.body.data?.paramValue }).toEqual({ stored, status: 200, value: expected });
    }
  });

  it('falls back to 1 when the stored value is not a positive number', async () => {
    for (const stored of ['abc', '', '0', '-2', 'NaN', 'Infinity', '1e400']) {
      await setParam(stored);
      const res = await server.post(PATH, {}, { token });
      expect({ stored, status: res.status, value: res.body.data?.paramValue }).toEqual({ stored, status: 200, value: 1 });
    }
  });

  it('answers a signed-in user who has not selected a customer yet', async () => {
    await setParam('7');
    const { user } = await createMember(getHandle().db, []);
    const res = await server.post(PATH, {}, { token: await tokenFor(user, null) });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ paramValue: 7 });
  });

  it('takes an empty body only', async () => {
    const res = await server.post(PATH, { paramKey: 'something_else' }, { token });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('VALIDATION');
    expect(Object.keys(res.body.error.fields)).toEqual(['paramKey']);
  });
});
