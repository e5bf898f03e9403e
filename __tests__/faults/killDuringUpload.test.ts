/**
 * kill -9 in the middle of a payment-slip upload on the embedded database (PGlite): the upload's file, slip and
 * bill links are written in one transaction only after the whole file arrived and passed its checks, so a process
 * killed mid-stream must leave nothing behind, and a restart on the same data folder must recover (PGlite's WAL,
 * the stale folder lock taken over) and be healthy.
 */
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import path from 'node:path';
import { demoReceiptPng } from '@/lib/server/db/seedData/billing';
import { killAllChildren, killGroup, post, request, runNodeScript, signIn, sleep, startPortal, tempDir, within, type PortalServer } from './helpers/servers';

const UPLOAD = '/api/paymentSlips/uploadSlip';
const hkToday = () => new Date().toLocaleDateString('en-CA', { timeZone: 'Asia/Hong_Kong' });

/** Reads the embedded database in a separate node process, while no server has the folder open. */
async function inspect(pgliteDir: string, idempotencyKey: string) {
  const source = `
    import { PGlite } from '@electric-sql/pglite';
    const db = new PGlite(process.env.DIR);
    await db.waitReady;
    const one = async (q, p = []) => Number((await db.query(q, p)).rows[0].n);
    // Every column that references stored_files (slips, account-change documents, meter photos, ... as features add
    // them), read from the catalogue so that a new feature's files never count as orphans.
    const refs = (await db.query(\`
      select c.conrelid::regclass::text as tbl, a.attname as col
      from pg_constraint c
      join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
      where c.contype = 'f' and c.confrelid = 'stored_files'::regclass\`)).rows;
    const referenced = refs.map((r) => \`exists (select 1 from \${r.tbl} x where x.\${r.col} = f.id)\`).join(' or ') || 'false';
    const out = {
      // A stored file nothing points at: the trace a half-written upload would leave.
      orphanFiles: await one(\`select count(*)::int as n from stored_files f where not (\${referenced})\`),
      slipsWithoutBills: await one('select count(*)::int as n from payment_slips s where not exists (select 1 from payment_slip_bills b where b.slip_id = s.id)'),
      withKey: await one('select count(*)::int as n from payment_slips where idempotency_key = $1', [process.env.KEY]),
    };
    await db.close();
    console.log(JSON.stringify(out));
  `;
  return (await runNodeScript(source, { DIR: pgliteDir, KEY: idempotencyKey })) as { orphanFiles: number; slipsWithoutBills: number; withKey: number };
}

function multipartHead(fields: Record<string, string>, boundary: string, fileName: string): Buffer {
  let head = '';
  for (const [name, value] of Object.entries(fields)) head += `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  head += `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: image/png\r\n\r\n`;
  return Buffer.from(head, 'utf8');
}

// Servers start, stop and restart here: far beyond the 60 s default of one test.
jest.setTimeout(240_000);

describe('kill -9 during a payment-slip upload (PGlite)', () => {
  let pgliteDir: string;
  let server: PortalServer | undefined;
  afterAll(async () => {
    if (server) killGroup(server.child);
    killAllChildren();
  });

  beforeAll(() => {
    pgliteDir = path.join(tempDir('kill9'), 'pglite');
  });

  it('leaves no half-written slip or stored file, and the restarted server is healthy', async () => {
    const t0 = Date.now();
    const step = (what: string) => process.stdout.write(`[faults] kill -9: ${what} at ${((Date.now() - t0) / 1000).toFixed(1)} s\n`);
    const file = demoReceiptPng([200, 30, 30]);
    const idempotencyKey = randomUUID();

    // 1. A first start seeds the demo data; find a bill of customer@demo.hk that can take a payment.
    server = await startPortal({ name: 'killed', env: { PGLITE_DIR: pgliteDir } });
    step('seeded and started');
    let token = await signIn(server.baseUrl, 'customer@demo.hk');
    const bills = await post(server.baseUrl, '/api/bills/listBills', { page: 1, pageSize: 50 }, { token });
    expect(bills.status).toBe(200);
    const bill = (bills.body.data.items as { id: string; balanceCents: number; status: string }[]).find(
      (b) => b.balanceCents > 100 && b.status !== 'under_review' && b.status !== 'paid',
    );
    expect(bill).toBeDefined();
    const fields = {
      idempotencyKey,
      billIds: bill!.id,
      amountCents: '100',
      paymentDate: hkToday(),
      paymentMethod: 'fps',
      reference: 'FPS kill -9',
    };

    // 2. Stream the upload slowly, and kill the server with half the file sent.
    const boundary = `----faults${randomUUID()}`;
    const head = multipartHead(fields, boundary, 'slip.png');
    const tail = Buffer.from(`\r\n--${boundary}--\r\n`, 'utf8');
    const half = Math.floor(file.length / 2);
    const outcome = new Promise<string>((resolve) => {
      const req = http.request(`${server!.baseUrl}${UPLOAD}`, {
        method: 'POST',
        agent: false,
        headers: {
          'Content-Type': `multipart/form-data; boundary=${boundary}`,
          'Content-Length': head.length + file.length + tail.length,
          Authorization: `Bearer ${token}`,
        },
      });
      req.on('response', (res) => resolve(`answered ${res.statusCode}`));
      req.on('error', (err) => resolve(`connection ${err.message}`));
      req.write(head);
      // The file in small pieces, like a slow phone upload, up to half of it.
      let sent = 0;
      const drip = setInterval(() => {
        const next = Math.min(half, sent + 1024);
        req.write(file.subarray(sent, next));
        sent = next;
        if (sent >= half) clearInterval(drip);
      }, 20);
    });
    await sleep(Math.ceil(half / 1024) * 20 + 500);
    const killedPid = server.child.pid!;
    process.kill(killedPid, 'SIGKILL');
    expect(await within(server.exited, 10_000, 'still running')).toEqual({ code: null, signal: 'SIGKILL' });
    // The client sees the connection cut, never a success.
    expect(await within(outcome, 10_000, 'no outcome')).toMatch(/^connection /);

    step('killed');
    // 3. Restart on the same folder: it recovers by itself and is ready.
    server = await startPortal({ name: 'restarted', env: { PGLITE_DIR: pgliteDir } });
    expect((await request(server.baseUrl, '/readyz')).status).toBe(200);
    expect(server.output()).not.toMatch(/"level":(50|60)/);
    step('restarted');
    token = await signIn(server.baseUrl, 'customer@demo.hk');
    const slips = await post(server.baseUrl, '/api/paymentSlips/listSlips', { page: 1, pageSize: 100 }, { token });
    expect(slips.status).toBe(200);
    expect((slips.body.data.items as { reference: string }[]).filter((s) => s.reference === fields.reference)).toEqual([]);
    // The same upload, whole this time, under the same key: a new slip (nothing was kept under that key).
    const body = Buffer.concat([head, file, tail]);
    const done = await request(server.baseUrl, UPLOAD, {
      method: 'POST',
      body,
      headers: { 'Content-Type': `multipart/form-data; boundary=${boundary}`, 'Content-Length': body.length, Authorization: `Bearer ${token}` },
    });
    expect({ status: done.status, replayed: done.body?.data?.replayed }).toEqual({ status: 200, replayed: false });
    expect(await server.stop()).toEqual({ code: 0, signal: null });

    step('uploaded and stopped');
    // 4. No stored file without its slip, no slip without its bills, and exactly one slip under the key.
    expect(await inspect(pgliteDir, idempotencyKey)).toEqual({ orphanFiles: 0, slipsWithoutBills: 0, withKey: 1 });
  });
});
