import type { TFunction } from 'i18next';
import type { Control, FieldValues, Path } from 'react-hook-form';
import type { DataTableColumn } from './DataTable';
import { TextFieldElement, type TextFieldElementProps } from './form';

/** Records named in both languages (`nameEn` / `nameZh`): the name in the page's language. */
type Named = { nameEn: string; nameZh: string };
export const localName = (r: Named, locale: string | undefined) => (locale === 'tc' ? r.nameZh : r.nameEn);
/** A customer in a detail's list or table: "UCP id · name" in the page's language. */
export const customerLabel = (c: Named & { ucpId: string }, locale: string | undefined) => `${c.ucpId} · ${localName(c, locale)}`;

/**
 * A sortable column of a text the records have in both languages (`name`: `nameEn` / `nameZh`), shown in the page's
 * language under `fields.<name>`; sorted by `key` (default `<name>En`).
 */
export function bilingualColumn<Row extends Record<`${N}En` | `${N}Zh`, string>, N extends string = string>(
  t: TFunction,
  locale: string | undefined,
  name: N,
  { key = `${name}En` }: { key?: string } = {},
): DataTableColumn<Row> {
  return { key, header: t(`fields.${name}`), sortable: true, render: (r) => (locale === 'tc' ? r[`${name}Zh`] : r[`${name}En`]) };
}

/** The name column (`fields.name`, sorted by `nameEn`) of a maintenance list whose records are named in both languages. */
export function nameColumn<Row extends Named>(t: TFunction, locale: string | undefined): DataTableColumn<Row> {
  return bilingualColumn<Row, 'name'>(t, locale, 'name');
}

/**
 * A text of the record entered in both languages (`name="title"`: `titleEn`, then `titleZh`), labelled
 * `fields.titleEn` / `fields.titleZh`; the other props (required, multiline, maxLength, helper text) go to both.
 */
export function BilingualFields<T extends FieldValues, N extends string>({
  control,
  name,
  t,
  ...field
}: { control: Control<T>; name: N & (`${N}En` | `${N}Zh` extends Path<T> ? unknown : never); t: TFunction } & Omit<TextFieldElementProps<T>, 'control' | 'name' | 'label'>) {
  return (
    <>
      <TextFieldElement {...field} control={control} name={`${name}En` as Path<T>} label={t(`fields.${name}En`)} />
      <TextFieldElement {...field} control={control} name={`${name}Zh` as Path<T>} label={t(`fields.${name}Zh`)} />
    </>
  );
}

/** The view rows of such a text (`fields.titleEn`, `fields.titleZh`); an `optional` one shows '—' when empty. */
export function bilingualRows<N extends string>(t: TFunction, r: Record<`${N}En` | `${N}Zh`, string>, name: N, { optional = false } = {}) {
  const value = (v: string) => (optional ? v || '—' : v);
  return [
    [t(`fields.${name}En`), value(r[`${name}En`])],
    [t(`fields.${name}Zh`), value(r[`${name}Zh`])],
  ] as const;
}

/**
 * The first fields of a maintenance form whose record has a business key and a name in both languages (a customer's
 * UCP id, a group's code): the key, entered once and read-only on edit (other records point at it), then the names.
 */
export function KeyAndNameFields<T extends FieldValues>({ control, keyName, t, mode }: { control: Control<T>; keyName: Path<T>; t: TFunction; mode: 'add' | 'edit' }) {
  return (
    <>
      <TextFieldElement control={control} name={keyName} label={t(`fields.${keyName}`)} required disabled={mode === 'edit'} helperText={mode === 'add' ? t(`help.${keyName}`) : undefined} />
      {/* T is any form with `nameEn` / `nameZh`, which a generic T cannot show: the name is taken on trust, as before. */}
      <BilingualFields control={control} name={'name' as never} t={t} required />
    </>
  );
}

/** The update body of such a record: its id and the form's values but the key, which does not change. */
export function updateWithoutKey<K extends string>(key: K) {
  return <V extends Record<K, unknown>>(r: { id: string }, v: V) => {
    const fields: Partial<V> = { ...v };
    delete fields[key];
    return { id: r.id, ...(fields as Omit<V, K>) };
  };
}

/**
 * `fromRecord` of a form whose every field is the record's field of the same name: the record's values of the empty
 * form's keys, and none of its other fields (an id or a date the form's strict schema would refuse).
 */
export function recordValues<K extends string>(empty: Partial<Record<K, unknown>>) {
  const keys = Object.keys(empty) as K[];
  return <R extends Record<K, unknown>>(record: R): Pick<R, K> => Object.fromEntries(keys.map((k) => [k, record[k]])) as Pick<R, K>;
}
