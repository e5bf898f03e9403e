/**
 * The home page calls the orders, tracking, bills, payment-slip and offer contracts (its cards) but builds no request
 * body: those contracts declare their bodies lazily, and what the page reads beside them (the open-orders group, the
 * offer link rule) lives in modules without zod, so `/` loads no zod (docs/performance.md, "The home page without
 * zod"). A body declared eagerly again would bring zod's classic API back into the page, about 30 kB gzip.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { bodySchema, isLazyBody } from '@/lib/contract';
import { billsContract } from '@/lib/bills/contract';
import { offersContract } from '@/lib/offers/contract';
import { ordersContract, trackingContract } from '@/lib/orders/contract';
import { paymentSlipsContract } from '@/lib/paymentSlips/contract';

const contracts = { ordersContract, trackingContract, billsContract, paymentSlipsContract, offersContract };

describe('contracts the home page calls', () => {
  const endpoints = Object.entries(contracts).flatMap(([name, c]) => Object.entries(c.endpoints).map(([action, e]) => [`${name}.${action}`, e] as const));

  it.each(endpoints)('%s declares its body lazily, and the body loads as a schema', async (_name, endpoint) => {
    expect(isLazyBody(endpoint.body)).toBe(true);
    const schema = await bodySchema(endpoint.body);
    expect(typeof (schema as { safeParse?: unknown }).safeParse).toBe('function');
  });

  it.each(['lib/orders/constants.ts', 'lib/offers/links.ts'])('%s imports nothing (no zod)', (file) => {
    const source = readFileSync(path.join(process.cwd(), file), 'utf8');
    expect(source).not.toMatch(/^import /m);
  });

  it('the error catalogue every page loads carries the codes, not their English descriptions (server only)', () => {
    const source = readFileSync(path.join(process.cwd(), 'lib/errors/index.ts'), 'utf8');
    expect(source).not.toMatch(/^import /m);
    expect(source).not.toMatch(/description:/);
  });
});
