import type * as zc from 'zod/v4/core';

/**
 * The most bytes one UTF-16 code unit (what zod's `.max()` counts) can take in a JSON body: `\uXXXX`. A browser's
 * `JSON.stringify` writes a Chinese character as 3 bytes of UTF-8 and `"` as `\"`, but a client may escape any
 * character (`<` as `\u003c`, as some serializers do for HTML); counting 6 bytes for each one, a body the schema
 * accepts fits however it was encoded.
 */
export const JSON_BYTES_PER_CODE_UNIT = 6;

/**
 * A string the schema gives no maximum length is a format (uuid, ISO date-time, a code matched by a pattern), never
 * a text typed at length: counted as this many code units. `unbounded` lists them, so a test can tell a free text
 * left without `.max()` from a format.
 */
export const FORMAT_STRING_UNITS = 64;

/** Formats of a fixed length. */
const FIXED_LENGTH: Record<string, number> = { uuid: 36, guid: 36, date: 10 };

/** The longest JSON number a double prints as (`-1.7976931348623157e+308`). */
const NUMBER_BYTES = 24;

export type BodySize = {
  /** The most bytes a body this schema accepts can take as JSON (white space aside). */
  bytes: number;
  /** Paths of format strings without a maximum length (counted as FORMAT_STRING_UNITS), `[]` for arrays. */
  unbounded: string[];
  /**
   * Paths whose size cannot be told (free text without `.max()`, an array without a maximum count, records, `any`, a
   * catchall): `bytes` is not an upper bound when this is non-empty.
   */
  unknown: string[];
};

type Def = zc.$ZodTypeDef & Record<string, unknown>;
type Check = { _zod: { def: { check: string; maximum?: number; length?: number } } };

const defOf = (schema: zc.$ZodType): Def => schema._zod.def as Def;

/** The largest `max_length` (or `length_equals`) check of a string or array, if any. */
function maxLength(def: Def): number | undefined {
  let max: number | undefined;
  for (const check of (def.checks ?? []) as Check[]) {
    const c = check._zod.def;
    const n = c.check === 'max_length' ? c.maximum : c.check === 'length_equals' ? c.length : undefined;
    if (n !== undefined) max = max === undefined ? n : Math.min(max, n);
  }
  return max;
}

const stringBytes = (units: number) => 2 + units * JSON_BYTES_PER_CODE_UNIT;

/**
 * The worst-case JSON size of a body the schema accepts (its input side: what the client sends), walking the zod
 * definition: strings at their maximum length, arrays at their maximum count, every optional key present, the
 * largest branch of a union. Used to choose and check an endpoint's body cap (contract `bodyLimit`,
 * __tests__/api/bodyLimit.test.ts).
 */
export function maxJsonSize(schema: zc.$ZodType, path = ''): BodySize {
  const def = defOf(schema);
  const at = (key: string) => (path ? `${path}.${key}` : key);
  const leaf = (bytes: number): BodySize => ({ bytes, unbounded: [], unknown: [] });
  switch (def.type) {
    case 'string': {
      const max = maxLength(def) ?? FIXED_LENGTH[String(def.format)];
      if (max !== undefined) return leaf(stringBytes(max));
      const isFormat = def.format !== undefined || ((def.checks ?? []) as Check[]).some((c) => c._zod.def.check === 'string_format');
      // A format (uuid, date-time, a pattern) is short by nature; free text without `.max()` has no bound at all.
      return isFormat ? { bytes: stringBytes(FORMAT_STRING_UNITS), unbounded: [path || '_'], unknown: [] } : { bytes: 0, unbounded: [], unknown: [path || '_'] };
    }
    case 'number':
    case 'bigint':
      return leaf(NUMBER_BYTES);
    case 'boolean':
      return leaf(5);
    case 'null':
    case 'undefined':
    case 'never':
    case 'void':
      return leaf(4);
    case 'literal':
      return leaf(Math.max(...(def.values as unknown[]).map((v) => (typeof v === 'string' ? stringBytes(v.length) : String(JSON.stringify(v ?? null)).length))));
    case 'enum':
      return leaf(Math.max(...Object.values(def.entries as Record<string, unknown>).map((v) => (typeof v === 'string' ? stringBytes(v.length) : NUMBER_BYTES))));
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'nonoptional':
    case 'readonly':
    case 'catch': {
      const inner = maxJsonSize(def.innerType as zc.$ZodType, path);
      return def.type === 'nullable' ? { ...inner, bytes: Math.max(inner.bytes, 4) } : inner;
    }
    case 'pipe': {
      // The client sends what the pipe's input takes; a transform as input (rare) takes anything.
      // An input without a bound piped into a bounded output (`z.string().overwrite(trim).pipe(z.email().max(254))`) is
      // bounded by the output, give or take the blank a trim removes.
      const input = def.in as zc.$ZodType;
      if (defOf(input).type === 'transform') return maxJsonSize(def.out as zc.$ZodType, path);
      const size = maxJsonSize(input, path);
      return size.unknown.length ? maxJsonSize(def.out as zc.$ZodType, path) : size;
    }
    case 'lazy':
      return maxJsonSize((def.getter as () => zc.$ZodType)(), path);
    case 'union': {
      const options = (def.options as zc.$ZodType[]).map((o) => maxJsonSize(o, path));
      return {
        bytes: Math.max(...options.map((o) => o.bytes)),
        unbounded: options.flatMap((o) => o.unbounded),
        unknown: options.flatMap((o) => o.unknown),
      };
    }
    case 'intersection': {
      const l = maxJsonSize(def.left as zc.$ZodType, path);
      const r = maxJsonSize(def.right as zc.$ZodType, path);
      return { bytes: l.bytes + r.bytes, unbounded: [...l.unbounded, ...r.unbounded], unknown: [...l.unknown, ...r.unknown] };
    }
    case 'array': {
      const max = maxLength(def);
      const element = maxJsonSize(def.element as zc.$ZodType, `${path}[]`);
      if (max === undefined) return { bytes: 2, unbounded: element.unbounded, unknown: [...element.unknown, `${path || '_'}[]`] };
      // `[a,b,c]`: brackets and a comma between elements.
      return { bytes: 2 + max * element.bytes + Math.max(0, max - 1), unbounded: element.unbounded, unknown: element.unknown };
    }
    case 'tuple': {
      const items = (def.items as zc.$ZodType[]).map((item, i) => maxJsonSize(item, at(String(i))));
      return {
        bytes: 2 + items.reduce((n, s) => n + s.bytes, 0) + Math.max(0, items.length - 1),
        unbounded: items.flatMap((s) => s.unbounded),
        unknown: [...items.flatMap((s) => s.unknown), ...(def.rest ? [`${path || '_'}[]`] : [])],
      };
    }
    case 'object': {
      const shape = def.shape as Record<string, zc.$ZodType>;
      const entries = Object.entries(shape).map(([key, value]) => ({ key, size: maxJsonSize(value, at(key)) }));
      // `{"key":value,…}`: each key quoted, a colon, a comma between entries.
      const bytes = 2 + entries.reduce((n, e) => n + stringBytes(e.key.length) + 1 + e.size.bytes, 0) + Math.max(0, entries.length - 1);
      const catchall = def.catchall as zc.$ZodType | undefined;
      // A strict object's catchall is `never`: no other key. A plain object strips other keys (not stored, but sent).
      const open = catchall && defOf(catchall).type !== 'never' ? [`${path || '_'}.*`] : [];
      return { bytes, unbounded: entries.flatMap((e) => e.size.unbounded), unknown: [...entries.flatMap((e) => e.size.unknown), ...open] };
    }
    default:
      // record, map, any, unknown, custom, file…: no bound the schema states.
      return { bytes: 0, unbounded: [], unknown: [path || '_'] };
  }
}
