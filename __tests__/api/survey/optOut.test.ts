import { eq } from 'drizzle-orm';
import { surveyOptOuts } from '@/lib/server/db/schema';
import { createSurveyOptOutToken, maskEmail } from '@/lib/server/services/survey/optOut';
import { signApiToken } from '@/lib/server/auth/token';
import { describeEachDb } from '../helpers/testDb';
import { TEST_SECRETS, useTestServer } from '../helpers/testServer';
import { surveyContract } from '@/lib/survey/contract';

describeEachDb('survey opt-out', (getHandle) => {
  const server = useTestServer(getHandle);

  const link = (email: string) => createSurveyOptOutToken(TEST_SECRETS.API_TOKEN_SECRET, email, 'C100');

  it('shows the masked address, opts out once, and can opt back in', async () => {
    const token = await link('Jane.Chan@Example.hk');
    const before = await server.post(surveyContract.endpoints.getOptOut.path, { token });
    expect(before.status).toBe(200);
    expect(before.body.data).toEqual({ email: 'j********@example.hk', optedOut: false, optedOutAt: null });

    const first = await server.post(surveyContract.endpoints.optOut.path, { token });
    expect(first.body.data.optedOut).toBe(true);
    const again = await server.post(surveyContract.endpoints.optOut.path, { token });
    expect(again.body.data.optedOutAt).toBe(first.body.data.optedOutAt);
    const rows = await getHandle().db.select().from(surveyOptOuts).where(eq(surveyOptOuts.email, 'jane.chan@example.hk'));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.ucpId).toBe('C100');

    const back = await server.post(surveyContract.endpoints.optIn.path, { token });
    expect(back.body.data.optedOut).toBe(false);
    expect(await getHandle().db.select().from(surveyOptOuts).where(eq(surveyOptOuts.email, 'jane.chan@example.hk'))).toHaveLength(0);
  });

  it.each([
    ['garbage', async () => 'x'.repeat(40)],
    ['signed with another secret', () => createSurveyOptOutToken('another-secret-of-at-least-thirty-two-chars', 'a@b.hk', null)],
    ['an API token (other audience)', () => signApiToken({ sub: '00000000-0000-0000-0000-000000000000', ucp: null, ver: 0 }, TEST_SECRETS.API_TOKEN_SECRET, 600)],
  ])('refuses %s with SURVEY_LINK_INVALID and stores nothing', async (_name, make) => {
    const token = await make();
    for (const path of [surveyContract.endpoints.getOptOut.path, surveyContract.endpoints.optOut.path, surveyContract.endpoints.optIn.path]) {
      const res = await server.post(path, { token });
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('SURVEY_LINK_INVALID');
    }
    expect(await getHandle().db.select().from(surveyOptOuts).where(eq(surveyOptOuts.email, 'a@b.hk'))).toHaveLength(0);
  });

  it('validates the body (missing / short token, extra fields)', async () => {
    expect((await server.post(surveyContract.endpoints.optOut.path, {})).status).toBe(400);
    expect((await server.post(surveyContract.endpoints.optOut.path, { token: 'short' })).status).toBe(400);
    const token = await link('x@y.hk');
    const extra = await server.post(surveyContract.endpoints.optOut.path, { token, email: 'other@y.hk' });
    expect(extra.status).toBe(400);
    expect(extra.body.error.fields).toBeDefined();
  });

  it('masks short and long local parts', () => {
    expect(maskEmail('a@b.hk')).toBe('a***@b.hk');
    expect(maskEmail('abcdef@b.hk')).toBe('a*****@b.hk');
  });
});
