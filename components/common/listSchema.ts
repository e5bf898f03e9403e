/**
 * What a list endpoint's zod body says about its screen: the filter schema (`filter`), the sortable fields (`sort`)
 * and, from the filter schema, the filter controls (FilterBar's `FilterDef`s). Used by ListScreen so a list's filters
 * are declared once, in the shared schema the server validates with.
 *
 * Inference, key by key in the schema's order:
 * - an array of an enum → `multiSelect` (the API takes a list);
 * - an enum → `select`;
 * - a pair `<x>From` / `<x>To` of strings → `dateRange`;
 * - another string without a format (not a uuid, email…) → `search`;
 * - anything else (numbers, booleans, uuids of a parent record) → no control unless the config gives one.
 * The search control comes first.
 */
import type { z } from 'zod';
import type { FilterDef } from './FilterBar';

type Def = { type: string; format?: string; innerType?: z.ZodType; in?: z.ZodType; element?: z.ZodType; entries?: Record<string, string>; shape?: Record<string, z.ZodType> };
const defOf = (s: z.ZodType): Def => (s as unknown as { def: Def }).def;

/** The schema inside optional / nullable / default / readonly / catch / pipe wrappers. */
export function unwrapSchema(schema: z.ZodType): z.ZodType {
  let cur = schema;
  for (let i = 0; i < 16; i++) {
    const def = defOf(cur);
    if (['optional', 'nullable', 'default', 'prefault', 'readonly', 'catch', 'nonoptional'].includes(def.type) && def.innerType) cur = def.innerType;
    else if (def.type === 'pipe' && def.in) cur = def.in;
    else break;
  }
  return cur;
}

const enumValues = (schema: z.ZodType): string[] | null => {
  const def = defOf(unwrapSchema(schema));
  return def.type === 'enum' && def.entries ? Object.values(def.entries).map(String) : null;
};

/** `filter` of a list endpoint's body schema (`listQuerySchema(sortFields, filterSchema)`), if it has one. */
export function filterSchemaOf(body: z.ZodType): z.ZodObject | undefined {
  const inner = defOf(unwrapSchema(body));
  const filter = inner.shape?.filter;
  if (!filter) return undefined;
  const obj = unwrapSchema(filter);
  return defOf(obj).type === 'object' ? (obj as z.ZodObject) : undefined;
}

/** The sort fields a list endpoint accepts (its `sort.field` enum), if it has any. */
export function sortFieldsOf(body: z.ZodType): string[] | undefined {
  const sort = defOf(unwrapSchema(body)).shape?.sort;
  if (!sort) return undefined;
  const field = defOf(unwrapSchema(sort)).shape?.field;
  return field ? (enumValues(field) ?? undefined) : undefined;
}

/** How one inferred filter is shown; `false` leaves the key without a control. */
export type FilterOverride =
  | false
  | {
      label?: string;
      /** Option text of an enum value (default: the value). */
      optionLabel?: (value: string) => string;
      placeholder?: string;
      /** For a date pair (key `<x>From`): the labels of both inputs. */
      fromLabel?: string;
      toLabel?: string;
      /** An enum array offered as one choice at a time (sent as `[value]`). */
      single?: boolean;
      /** Replace the inferred control entirely. */
      def?: FilterDef;
    };

export type FilterConfig = Record<string, FilterOverride>;

/** The FilterBar controls of a filter schema (see the module comment); `config` labels, overrides or hides keys. */
export function inferFilters(schema: z.ZodObject | undefined, config: FilterConfig = {}, fallbackLabel: (key: string) => string = (k) => k): FilterDef[] {
  if (!schema) return [];
  const shape = schema.shape as Record<string, z.ZodType>;
  const keys = Object.keys(shape);
  const out: FilterDef[] = [];
  const used = new Set<string>();
  for (const key of keys) {
    if (used.has(key)) continue;
    const o = config[key];
    if (o === false) continue;
    if (o?.def) {
      out.push(o.def);
      continue;
    }
    const label = o?.label ?? fallbackLabel(key);
    const optionsOf = (values: string[]) => values.map((v) => ({ value: v, label: o?.optionLabel ? o.optionLabel(v) : v }));
    const inner = unwrapSchema(shape[key]!);
    const def = defOf(inner);
    if (def.type === 'array' && def.element) {
      const values = enumValues(def.element);
      if (values) {
        out.push(o?.single ? { type: 'select', key, label, options: optionsOf(values), array: true } : { type: 'multiSelect', key, label, options: optionsOf(values) });
      }
      continue;
    }
    const values = enumValues(inner);
    if (values) {
      out.push({ type: 'select', key, label, options: optionsOf(values) });
      continue;
    }
    if (def.type === 'string') {
      const pair = key.endsWith('From') ? `${key.slice(0, -4)}To` : null;
      if (pair && pair in shape && defOf(unwrapSchema(shape[pair]!)).type === 'string') {
        const po = config[pair];
        used.add(pair);
        out.push({
          type: 'dateRange',
          fromKey: key,
          toKey: pair,
          ...(o?.fromLabel ?? o?.label ? { fromLabel: o?.fromLabel ?? o?.label } : {}),
          ...(o?.toLabel ?? (po && po.label) ? { toLabel: o?.toLabel ?? (po ? po.label : undefined) } : {}),
        });
        continue;
      }
      if (key.endsWith('To') && `${key.slice(0, -2)}From` in shape) continue;
      // A uuid, an email…: an id of a parent record, not text to search.
      if (def.format) continue;
      // The schema's length limit holds in the box too: text past it was refused by the list's schema and the filter
      // silently dropped, so 21 characters typed in the desk's UCP id box listed every customer's requests (QA).
      const maxLength = (inner as z.ZodString).maxLength;
      out.push({ type: 'search', key, label: o?.label ?? undefined, ...(o?.placeholder ? { placeholder: o.placeholder } : {}), ...(maxLength ? { maxLength } : {}) } as FilterDef);
    }
  }
  // The free-text search leads the toolbar, as on every list.
  return [...out.filter((d) => d.type === 'search'), ...out.filter((d) => d.type !== 'search')];
}
