/**
 * Property-based fuzz of EVERY endpoint of the route table (issue 9): bodies generated from each endpoint's own zod
 * schema (through `z.toJSONSchema`), then made hostile: keys named like Object.prototype members, NUL characters,
 * huge strings, deep nesting, wrong types, dates out of range (year 0000…), Unicode oddities, odd numbers, raw
 * non-JSON. Each body is sent through the real router (the portal's request listener on a real database) by an
 * anonymous caller and by a signed-in provider-staff user holding every function code (so validation and the
 * handlers are reached). Properties: never a 5xx, never a stack trace, SQL text or driver message in an answer.
 *
 * Figures (endpoints, probes, failures, statuses) are written to SECURITY_REPORT_FILE (default
 * `<tmp>/portal-security-fuzz.json`); `npm run security:report` turns them into docs/security.md.
 * Runs: SECURITY_FUZZ_RUNS (signed-in probes per endpoint, default 30; anonymous get a third, and the other way
 * round on public endpoints); SECURITY_FUZZ_SEED to replay a run (PostgreSQL
 * uses the seed + 1).
 */
import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { z } from 'zod';
import { bodySchema } from '@/lib/contract';
import { FUNCTION_CODES } from '@/lib/permissions/codes';
import { apiRoutes } from '@/lib/server/api/routes';
import { userAccounts } from '@/lib/server/db/schema';
import { createBill, createSlip, multipart, pdfBytes, pngBytes, type Part } from '../api/bills/billFixtures';
import { createMember, tokenFor } from '../api/helpers/fixtures';
import { createMachine, createModel, createOrder, createProduct, createShipment } from '../api/helpers/orderFixtures';
import { describeEachDb, type DbKind } from '../api/helpers/testDb';
import { type TestResponse, useTestServer } from '../api/helpers/testServer';

const REPORT_FILE = process.env.SECURITY_REPORT_FILE ?? path.join(os.tmpdir(), 'portal-security-fuzz.json');
const RUNS = Math.max(1, Number(process.env.SECURITY_FUZZ_RUNS ?? 30));
const SEED = Number(process.env.SECURITY_FUZZ_SEED ?? Date.now() % 2_147_483_647);

// ---------------------------------------------------------------------------------------------------------------
// Generators: a valid-looking body from JSON Schema, then one hostile mutation.

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  pattern?: string;
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
};

const HOSTILE_KEYS = ['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', 'valueOf', 'isPrototypeOf', '__defineGetter__'];
const DATE_PATTERN = '^\\d{4}-\\d{2}-\\d{2}$';
const HOSTILE_DATES = ['0000-01-01', '0001-01-01', '1899-12-31', '2101-01-01', '9999-12-31', '2026-02-30', '2026-13-01', '+275760-09-13', '-000001-01-01'];
const ODD_STRINGS = [
  '\u0000',
  'a\u0000b',
  '\uD800',
  '\uDFFF\uD800',
  '\u202Eevil\u202C',
  '\u200B\u200D\uFEFF',
  '\uFFFF\uFFFE',
  'e\u0301\u0301\u0301',
  '１２３',
  '👩‍👩‍👧‍👦',
  '\r\n\t\u0008\u001b[31m',
  "' OR '1'='1",
  '"; DROP TABLE user_accounts; --',
  '%00%0d%0a',
  '../../etc/passwd',
  '<script>alert(1)</script>',
  '${7*7}{{7*7}}',
  '\\',
];
const ODD_NUMBERS = [0, -1, -0, 0.5, 1e21, 1e308, -1e308, Number.MAX_SAFE_INTEGER + 2, 2 ** 31, -(2 ** 31) - 1, 4294967296];

/** Ids the generators may pick so that handlers find real rows (filled in beforeAll), next to random UUIDs. */
let knownIds: string[] = [];

const uuidArb = (): fc.Arbitrary<string> => fc.oneof(fc.constantFrom(...(knownIds.length ? knownIds : [randomUUID()])), fc.uuid());

const dateArb = fc.oneof(
  fc.date({ min: new Date('1990-01-01T00:00:00Z'), max: new Date('2040-12-31T00:00:00Z'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10)),
  fc.constantFrom(...HOSTILE_DATES),
);

function stringArb(s: JsonSchema): fc.Arbitrary<string> {
  if (s.format === 'uuid') return uuidArb();
  if (s.pattern === DATE_PATTERN) return dateArb;
  if (s.pattern) {
    try {
      return fc.stringMatching(new RegExp(s.pattern, 'u')).map((v) => v.slice(0, s.maxLength ?? 200));
    } catch {
      /* a pattern fast-check cannot invert: plain strings */
    }
  }
  return fc.string({ minLength: s.minLength ?? 0, maxLength: Math.min(s.maxLength ?? 40, 60), unit: 'grapheme' });
}

/** A value the schema would plausibly accept (constraints on strings and numbers are followed loosely). */
function arbFromSchema(s: JsonSchema | boolean | undefined, depth = 0): fc.Arbitrary<unknown> {
  if (s === undefined || s === true || s === false || depth > 6) return fc.constantFrom<unknown>('x', 1, true, null);
  if (s.const !== undefined) return fc.constant(s.const);
  if (s.enum) return fc.constantFrom(...s.enum);
  const alternatives = s.anyOf ?? s.oneOf;
  if (alternatives?.length) return fc.oneof(...alternatives.map((a) => arbFromSchema(a, depth + 1)));
  if (s.allOf?.length) return arbFromSchema({ ...s.allOf[0], ...s, allOf: undefined }, depth + 1);
  const type = Array.isArray(s.type) ? s.type[0] : s.type;
  switch (type) {
    case 'object': {
      const props = s.properties ?? {};
      const required = new Set(s.required ?? []);
      const entries = Object.entries(props).map(([k, v]) => [k, arbFromSchema(v, depth + 1)] as const);
      const requiredKeys = entries.filter(([k]) => required.has(k)).map(([k]) => k);
      return fc.record(Object.fromEntries(entries), { requiredKeys });
    }
    case 'array':
      return fc.array(arbFromSchema(s.items, depth + 1), { minLength: s.minItems ?? 0, maxLength: Math.min(s.maxItems ?? 4, 6) });
    case 'string':
      return stringArb(s);
    case 'integer':
      return fc.integer({ min: Math.max(s.minimum ?? -1000, -1e9), max: Math.min(s.maximum ?? 1e6, 1e9) });
    case 'number':
      return fc.double({ min: s.minimum ?? -1e6, max: s.maximum ?? 1e6, noNaN: true, noDefaultInfinity: true });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** Every position in a body where a value can be replaced or a key added: [] is the body itself. */
function positions(value: unknown, at: (string | number)[] = [], out: (string | number)[][] = []): (string | number)[][] {
  out.push(at);
  if (Array.isArray(value)) value.forEach((v, i) => positions(v, [...at, i], out));
  else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) positions(v, [...at, k], out);
  return out;
}

/** Sets an own, enumerable property (so `__proto__` is a key, as JSON.parse makes it, not the prototype). */
const defineOwn = (obj: object, key: string | number, value: unknown) =>
  Object.defineProperty(obj, key, { value, enumerable: true, writable: true, configurable: true });

function replaceAt(body: unknown, at: (string | number)[], value: unknown): unknown {
  if (at.length === 0) return value;
  const copy = structuredClone(body) as Record<string | number, unknown>;
  let node = copy;
  for (const k of at.slice(0, -1)) node = node[k] as Record<string | number, unknown>;
  defineOwn(node, at[at.length - 1]!, value);
  return copy;
}

function deepNest(depth: number, leaf: unknown, asObject: boolean): unknown {
  let v = leaf;
  for (let i = 0; i < depth; i += 1) v = asObject ? { a: v } : [v];
  return v;
}

/** A raw request body that is not a JSON document of the expected kind. */
type RawBody = { raw: string };
const isRaw = (v: unknown): v is RawBody => typeof v === 'object' && v !== null && Object.prototype.hasOwnProperty.call(v, 'raw') && Object.keys(v).length === 1 && typeof (v as RawBody).raw === 'string';

const RAW_BODIES = ['{', '{"a":}', '\uFEFF{}', 'null', '[]', '"str"', '1e999', '{"a":1,"a":2}', `{"__proto__":{"polluted":1}}`, `{"constructor":{"prototype":{"polluted":1}}}`, 'NaN', '{"a":"\\ud800"}'];

const mutationArb = fc.oneof(
  fc.record({ kind: fc.constant('hostileKey' as const), key: fc.constantFrom(...HOSTILE_KEYS), value: fc.constantFrom<unknown>({}, 1, 'x', null, [], { polluted: true }) }),
  fc.record({ kind: fc.constant('replace' as const), value: fc.constantFrom<unknown>(...ODD_STRINGS, ...HOSTILE_DATES, ...ODD_NUMBERS, null, true, [], {}, [[]], { a: 1 }) }),
  fc.record({ kind: fc.constant('nul' as const), value: fc.string({ maxLength: 10 }) }),
  fc.record({ kind: fc.constant('huge' as const), value: fc.constantFrom(5_000, 60_000, 120_000) }),
  fc.record({ kind: fc.constant('deep' as const), value: fc.constantFrom(50, 500, 5_000, 19_000), asObject: fc.boolean() }),
  fc.record({ kind: fc.constant('unicode' as const), value: fc.string({ unit: 'binary', maxLength: 30 }) }),
  fc.record({ kind: fc.constant('raw' as const), value: fc.constantFrom(...RAW_BODIES) }),
  fc.record({ kind: fc.constant('none' as const) }),
);

type Mutation = typeof mutationArb extends fc.Arbitrary<infer M> ? M : never;

function mutate(body: unknown, m: Mutation, pick: number): unknown {
  const spots = positions(body);
  const at = spots[pick % spots.length]!;
  switch (m.kind) {
    case 'none':
      return body;
    case 'raw':
      return { raw: m.value } satisfies RawBody;
    case 'hostileKey': {
      const objects = spots.filter((p) => {
        let v: unknown = body;
        for (const k of p) v = (v as Record<string | number, unknown>)[k];
        return v !== null && typeof v === 'object' && !Array.isArray(v);
      });
      const target = objects.length ? objects[pick % objects.length]! : [];
      let node: unknown = body;
      for (const k of target) node = (node as Record<string | number, unknown>)[k];
      const base = node && typeof node === 'object' && !Array.isArray(node) ? structuredClone(node) : {};
      defineOwn(base, m.key, m.value);
      return replaceAt(body, target, base);
    }
    case 'replace':
      return replaceAt(body, at, m.value);
    case 'nul':
      return replaceAt(body, at, `${m.value}\u0000${m.value}`);
    case 'huge':
      return replaceAt(body, at, 'A'.repeat(m.value));
    case 'deep':
      // Deeper than JSON.stringify can write: sent as raw text (the server must still answer 4xx).
      if (m.value > 1_000) return { raw: m.asObject ? `${'{"a":'.repeat(m.value)}1${'}'.repeat(m.value)}` : `${'['.repeat(m.value)}${']'.repeat(m.value)}` };
      return replaceAt(body, at, deepNest(m.value, 'x', m.asObject));
    case 'unicode':
      return replaceAt(body, at, m.value);
  }
}

// ---------------------------------------------------------------------------------------------------------------
// What an answer must never be.

/** Text that would mean internals leaked into an answer: stack frames, SQL, driver or runtime error names. */
const LEAKS: [string, RegExp][] = [
  ['stack frame', /\n\s+at\s|\bat\s+\S+\s\(\/|node_modules|\.tsx?:\d+:\d+/],
  ['SQL text', /Failed query|params:|\bselect\s+.+\s+from\s|\binsert\s+into\b|\bupdate\s+"\w+"\s+set\b|\bdelete\s+from\b|syntax error at or near/i],
  ['driver message', /invalid input syntax|invalid byte sequence|violates (?:unique|foreign key|check|not-null)|duplicate key value|relation "|column "|date\/time field value out of range|out of range for type/i],
  ['runtime error', /\b(?:TypeError|ReferenceError|RangeError|SyntaxError|ZodError)\b|Cannot read propert|is not a function/],
];

type Finding = { endpoint: string; caller: 'anonymous' | 'signed-in'; status: number; problem: string; body: string };

function problemOf(res: TestResponse): string | null {
  if (res.status >= 500 || res.status === 0) return `HTTP ${res.status}`;
  const type = String(res.headers['content-type'] ?? '');
  // File answers are the caller's own bytes (a PDF, a CSV): only JSON envelopes are read.
  if (!type.startsWith('application/json')) return null;
  // Success answers may echo what a user stored (that is data, not a leak): only error answers are read for SQL.
  const text = res.status >= 400 ? res.text : '';
  for (const [name, re] of LEAKS) if (re.test(text)) return name;
  if (res.status >= 400 && res.body?.status !== 'error') return 'error answer that is not an error envelope';
  return null;
}

// ---------------------------------------------------------------------------------------------------------------
// Sending.

const fileParts: Part[] = [
  { name: 'file', fileName: 'slip.png', contentType: 'image/png', content: pngBytes() },
  { name: 'file', fileName: 'slip.pdf', contentType: 'application/pdf', content: pdfBytes() },
  { name: 'file', fileName: 'x.pdf', contentType: 'application/pdf', content: Buffer.from('%PDF-1.4\n<html><script>alert(1)</script>') },
  { name: 'file', fileName: '\u0000.png', contentType: 'text/html', content: Buffer.from('<html></html>') },
];

function asMultipart(body: unknown, filePick: number): { body: Buffer; contentType: string } {
  const parts: Part[] = [];
  if (body && typeof body === 'object' && !Array.isArray(body)) {
    for (const [name, value] of Object.entries(body)) {
      const values = Array.isArray(value) ? value : [value];
      for (const v of values) parts.push({ name, value: typeof v === 'string' ? v : JSON.stringify(v) ?? '' });
    }
  }
  parts.push(fileParts[filePick % fileParts.length]!);
  return multipart(parts);
}

type Figures = {
  seed: number;
  runsPerEndpoint: number;
  startedAt: string;
  finishedAt?: string;
  databases: Partial<Record<DbKind, { seed: number; endpoints: number; probes: number; failures: number; statuses: Record<string, number>; findings: Finding[] }>>;
  endpoints: string[];
  mutations: string[];
};

const figures: Figures = {
  seed: SEED,
  runsPerEndpoint: RUNS,
  startedAt: new Date().toISOString(),
  databases: {},
  endpoints: Object.keys(apiRoutes),
  mutations: ['hostileKey', 'replace (odd strings, hostile dates, odd numbers, wrong types)', 'nul', 'huge', 'deep', 'unicode', 'raw', 'none (schema-valid)'],
};

afterAll(() => {
  figures.finishedAt = new Date().toISOString();
  writeFileSync(REPORT_FILE, `${JSON.stringify(figures, null, 2)}\n`);
});

const routeEntries = Object.entries(apiRoutes);

describeEachDb('fuzz: every endpoint, hostile bodies', (getHandle, kind) => {
  const server = useTestServer(getHandle);
  let tokenNow: () => Promise<string>;
  // Another seed per database: PostgreSQL gets other bodies than PGlite, so the two runs add up.
  const seed = (SEED + (kind === 'postgres' ? 1 : 0)) % 2_147_483_647;
  const stats = { seed, endpoints: routeEntries.length, probes: 0, failures: 0, statuses: {} as Record<string, number>, findings: [] as Finding[] };
  figures.databases[kind] = stats;

  beforeAll(async () => {
    const db = getHandle().db;
    const m = await createMember(db, FUNCTION_CODES.filter((c) => c !== 'all'), { user: { isProviderStaff: true } });
    const model = await createModel(db);
    const product = await createProduct(db, [model]);
    const machine = await createMachine(db, m.customer, model);
    const order = await createOrder(db, m.customer, { machine, lines: [{ product, quantity: 1 }] });
    const shipment = await createShipment(db, order);
    const bill = await createBill(db, m.customer.ucpId);
    const slip = await createSlip(db, m.customer.ucpId, [bill.id]);
    knownIds = [order.id, machine.id, shipment.id, bill.id, slip.id, m.user.userAcUuid];
    // Read the token version on every probe: a fuzzed logout or password change revokes older tokens.
    tokenNow = async () => {
      const [row] = await db.select({ tokenVersion: userAccounts.tokenVersion }).from(userAccounts).where(eq(userAccounts.userAcUuid, m.user.userAcUuid));
      return tokenFor({ userAcUuid: m.user.userAcUuid, tokenVersion: row!.tokenVersion }, m.customer.ucpId);
    };
  });

  async function probe(pathName: string, isUpload: boolean, body: unknown, filePick: number, token?: string): Promise<TestResponse> {
    stats.probes += 1;
    let res: TestResponse;
    if (isRaw(body)) {
      res = await server.request(pathName, { token, headers: { 'Content-Type': 'application/json' }, rawBody: body.raw });
    } else if (isUpload) {
      const form = asMultipart(body, filePick);
      res = await server.request(pathName, { token, headers: { 'Content-Type': form.contentType }, rawBody: form.body });
    } else {
      res = await server.request(pathName, { token, headers: { 'Content-Type': 'application/json' }, rawBody: JSON.stringify(body) ?? 'null' });
    }
    stats.statuses[res.status] = (stats.statuses[res.status] ?? 0) + 1;
    return res;
  }

  it.each(routeEntries.map(([p, r]) => [p, r] as const))('%s answers hostile bodies with 2xx/4xx only, and no internals', async (pathName, route) => {
    const schema = z.toJSONSchema(await bodySchema(route.body), { io: 'input', unrepresentable: 'any' }) as JsonSchema;
    const bodyArb = fc.tuple(arbFromSchema(schema), mutationArb, fc.nat(), fc.nat()).map(([b, m, pick, filePick]) => ({ body: mutate(b, m, pick), filePick }));
    // Guarded endpoints stop an anonymous caller at 401, public ones reach validation either way: the full count goes
    // where the body is read deepest.
    const isPublic = route.permission === 'public';
    const few = Math.max(5, Math.round(RUNS / 3));
    const callers: ['anonymous' | 'signed-in', number][] = [
      ['anonymous', isPublic ? RUNS : few],
      ['signed-in', isPublic ? few : RUNS],
    ];
    for (const [caller, numRuns] of callers) {
      const result = await fc.check(
        fc.asyncProperty(bodyArb, async ({ body, filePick }) => {
          let res: TestResponse;
          try {
            res = await probe(pathName, Boolean(route.upload), body, filePick, caller === 'signed-in' ? await tokenNow() : undefined);
          } catch (err) {
            // No answer at all (the connection was cut) is a failure too, unless the server refused an oversized
            // body early and closed while the client was still writing (413 is then the answer it sent).
            const code = (err as NodeJS.ErrnoException).code;
            if ((code === 'EPIPE' || code === 'ECONNRESET') && JSON.stringify(body)?.length > 100 * 1024) return true;
            stats.findings.push({ endpoint: pathName, caller, status: 0, problem: `no answer: ${code ?? (err as Error).message}`, body: '' });
            return false;
          }
          const problem = problemOf(res);
          if (problem) {
            stats.findings.push({ endpoint: pathName, caller, status: res.status, problem, body: res.text.slice(0, 300) });
            return false;
          }
          return true;
        }),
        // No shrinking (endOnFailure): the finding is recorded as it was sent; stringifying huge counterexamples is skipped.
        { numRuns, seed, endOnFailure: true, reporter: () => undefined },
      );
      if (result.failed) stats.failures += 1;
      const found = stats.findings.filter((f) => f.endpoint === pathName && f.caller === caller);
      const error = result.failed && !found.length ? String((result.errorInstance as Error)?.message ?? result.errorInstance).slice(0, 500) : undefined;
      expect({ caller, failed: result.failed, found, error, seed }).toEqual({ caller, failed: false, found: [], error: undefined, seed });
    }
  });
});
