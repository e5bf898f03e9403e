import { z } from 'zod';
import { parseListQuery, toListBody, toUrlQuery, type ListQueryDefaults, type ListQueryState } from '@/components/common/listQueryUrl';
import { DEFAULT_PAGE_SIZE, isoDateSchema, listQuerySchema, MAX_PAGE_SIZE, offsetOf, searchTextSchema } from '@/lib/listQuery';

const schema = listQuerySchema(['orderNo', 'createdAt'] as const, z.strictObject({ status: z.enum(['pending', 'paid']).optional(), q: z.string().max(100).optional() }));

describe('listQuerySchema', () => {
  it('fills page and page size defaults', () => {
    expect(schema.parse({})).toEqual({ page: 1, pageSize: DEFAULT_PAGE_SIZE });
  });

  it('accepts a full body and types the sort field', () => {
    const body = schema.parse({ page: 2, pageSize: 50, sort: { field: 'createdAt', direction: 'desc' }, filter: { status: 'paid', q: 'toner' } });
    const field: 'orderNo' | 'createdAt' | undefined = body.sort?.field;
    expect(field).toBe('createdAt');
  });

  it.each([
    ['page 0', { page: 0 }],
    ['fractional page', { page: 1.5 }],
    ['page as a string', { page: '2' }],
    ['page size over the maximum', { pageSize: MAX_PAGE_SIZE + 1 }],
    ['page size 0', { pageSize: 0 }],
    ['a sort field outside the allow-list', { sort: { field: 'passwordHash', direction: 'asc' } }],
    ['a bad direction', { sort: { field: 'orderNo', direction: 'up' } }],
    ['an unknown top-level key', { limit: 10 }],
    ['an unknown filter key', { filter: { ucpId: 'someone-else' } }],
    ['an extra key in sort', { sort: { field: 'orderNo', direction: 'asc', nulls: 'last' } }],
  ])('refuses %s', (_name, body) => {
    expect(schema.safeParse(body).success).toBe(false);
  });

  it('with no sortable fields refuses any sort', () => {
    const unsorted = listQuerySchema([], z.strictObject({}));
    expect(unsorted.safeParse({ sort: { field: 'x', direction: 'asc' } }).success).toBe(false);
    expect(unsorted.parse({ page: 3 })).toEqual({ page: 3, pageSize: DEFAULT_PAGE_SIZE });
  });

  it('computes SQL offsets', () => {
    expect(offsetOf(1, 20)).toBe(0);
    expect(offsetOf(3, 20)).toBe(40);
    expect(offsetOf(0, 20)).toBe(0);
  });

  it('checks calendar dates', () => {
    expect(isoDateSchema.safeParse('2026-02-28').success).toBe(true);
    expect(isoDateSchema.safeParse('2026-02-29').success).toBe(false);
    expect(isoDateSchema.safeParse('28/02/2026').success).toBe(false);
    // A real date outside 1900–2100 says so, not "Enter a valid date." (QA).
    expect(isoDateSchema.safeParse('2200-01-01').error?.issues.map((i) => i.message)).toEqual(['ui.validation.dateRange']);
    expect(isoDateSchema.safeParse('2026-02-29').error?.issues.map((i) => i.message)).toEqual(['ui.validation.date']);
  });
});

describe('list query in the URL', () => {
  const filterSchema = z.strictObject({ status: z.enum(['active', 'expired']).optional(), q: z.string().optional(), ids: z.array(z.string()).optional() });
  type Filter = { status?: 'active' | 'expired'; q?: string; ids?: string[] };
  const defaults: ListQueryDefaults<string, Filter> = { sort: { field: 'createdAt', direction: 'desc' }, sortFields: ['createdAt', 'orderNo'], filterSchema, filter: { status: 'active' } };

  it('round-trips a query through the URL, keeping unrelated parameters', () => {
    const state: ListQueryState<string, Filter> = { page: 2, pageSize: 50, sort: { field: 'orderNo', direction: 'asc' }, filter: { status: 'expired', q: 'a b', ids: ['1', '2'] } };
    const url = toUrlQuery(state, defaults, { ucpid: 'U1', page: '9' });
    expect(url).toEqual({ ucpid: 'U1', page: '2', pageSize: '50', sort: 'orderNo', status: 'expired', q: 'a b', ids: ['1', '2'] });
    expect(parseListQuery(url, defaults)).toEqual(state);
  });

  it('leaves defaults out of the URL, and a cleared default filter says so', () => {
    expect(toUrlQuery<string, Filter>({ page: 1, pageSize: 20, sort: defaults.sort, filter: { status: 'active' } }, defaults, {})).toEqual({});
    const cleared = toUrlQuery<string, Filter>({ page: 1, pageSize: 20, sort: defaults.sort, filter: {} }, defaults, {});
    expect(cleared).toEqual({ status: '' });
    expect(parseListQuery(cleared, defaults).filter).toEqual({});
    expect(parseListQuery({}, defaults).filter).toEqual({ status: 'active' });
  });

  it('drops a search with a NUL from the URL (the API refuses it: the list failed with nothing highlighted)', () => {
    const searchDefaults: ListQueryDefaults<string, { q?: string }> = { filterSchema: z.strictObject({ q: searchTextSchema.optional() }) };
    expect(parseListQuery({ q: 'INV\u0000' }, searchDefaults).filter).toEqual({});
    expect(parseListQuery({ q: ' INV-1 ' }, searchDefaults).filter).toEqual({ q: 'INV-1' });
  });

  // QA: `ｓｒ－２０２６` typed in full-width mode found nothing, though `sr-2026` finds the requests.
  it('reads full-width letters, digits, hyphen and space in a search as their plain forms, and keeps Chinese punctuation', () => {
    expect(searchTextSchema.parse('ｓｒ－２０２６')).toBe('sr-2026');
    expect(searchTextSchema.parse('ＪＰＢＣＮ８Ｋ１Ｑ７\u3000')).toBe('JPBCN8K1Q7');
    expect(searchTextSchema.parse('海景（灣仔），碳粉')).toBe('海景（灣仔），碳粉');
  });

  it('builds the request body without an empty filter', () => {
    expect(toListBody({ page: 1, pageSize: 20, filter: { q: '' } })).toEqual({ page: 1, pageSize: 20 });
  });
});
