/**
 * Maintenance areas from one description: a `ResourceDescription` names the area (slug, translation namespace,
 * function codes), its contract endpoints (list / get / create / update), its table columns and filters, its form
 * fields and its view; `ResourceListPage`, `ResourceViewPage` and `ResourceFormPage` render the four pages
 * (list, view, add, edit) from it, so each page file is a layout, one of these and its translations.
 *
 * Texts come from the area's namespace (`ns`), under fixed keys: `title`, `subtitle`, `empty`, `emptyFiltered`,
 * `add`, `addTitle`, `edit`, `editTitle` ({{name}}), `viewTitle` ({{name}}), `notFoundTitle`, `notFoundBody`,
 * `backToList`, `filters.<key>` and `fields.<key>`.
 */
import { useState, type ReactNode } from 'react';
import NextLink from 'next/link';
import { useRouter } from 'next/router';
import AddIcon from '@mui/icons-material/Add';
import EditIcon from '@mui/icons-material/Edit';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import type { TFunction } from 'i18next';
import { useTranslation } from 'next-i18next/pages';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import { isLazyBody, type BodyOf, type Endpoint } from '@/lib/contract';
import type { ListResult } from '@/lib/listQuery';
import { pathTo } from '@/lib/paths';
import type { FunctionCode } from '@/lib/permissions/codes';
import type { RoutePath } from '@/lib/permissions/routes';
import { Can } from './Can';
import type { DataTableColumn } from './DataTable';
import { FactsSection } from './DetailParts';
import { DetailScreen, useRouteRecord, type DetailQuery } from './DetailScreen';
import { EntityForm } from './EntityForm';
import type { FormDefaults } from './form';
import { ListScreen, ownId } from './ListScreen';
import type { FilterConfig } from './listSchema';
import type { FilterValues, ListQueryDefaults } from './listQueryUrl';
import { PageHeader } from './PageHeader';
import type { UseListQuery } from './useListQuery';

/* eslint-disable @typescript-eslint/no-explicit-any -- a description is read through its own type parameters */
type ListE<Row> = Endpoint<'query', any, ListResult<Row>, any>;
type GetE<Rec> = Endpoint<'query', z.ZodType<{ id: string }, any>, Rec, any>;
type WriteE = Endpoint<'mutation', any, { id: string } | unknown, any>;
/* eslint-enable @typescript-eslint/no-explicit-any */

export type ResourceDescription<Row, Rec, FIn extends FieldValues = FieldValues, FOut = FIn, C extends WriteE = WriteE, U extends WriteE = WriteE> = {
  /**
   * Route of the list (`/admin-controls/ucp-customer-maintenance`); the other pages follow the route table's
   * maintenance pattern (lib/permissions/routes.ts): `${base}/view/[id]`, `${base}/add`, `${base}/edit/[id]`. Typed:
   * only a list page whose view page is in the route table compiles.
   */
  base: ResourceBase;
  /** The area's translation namespace (see the module comment for its keys). */
  ns: string;
  codes: { read: readonly FunctionCode[]; write: readonly FunctionCode[] };
  endpoints: { list: ListE<Row>; get: GetE<Rec>; create?: C; update?: U };
  /**
   * The list's and the update's body schemas, from the feature's `schemas` module, when the contract declares those
   * bodies lazily (`lazyBody`): the list reads its filters from one, the edit page whether to send a `version` from
   * the other. Not needed with eager bodies.
   */
  bodies?: { list?: z.ZodType; update?: z.ZodType };
  /** A row's id (its view page's `[id]`); the row's own `id` unless given. */
  rowId?: (row: Row) => string;
  /**
   * A record's name in titles ("Edit {{name}}"), in the page's language (`pickLocalized` for a record named in both):
   * the page's heading names the record as the rest of the page does.
   */
  recordName: (record: Rec, locale: string | undefined) => string;
  columns: (t: TFunction, locale: string | undefined) => DataTableColumn<Row>[];
  listDefaults?: Omit<ListQueryDefaults, 'filterSchema'>;
  /** Labels are `filters.<key>` of the namespace unless given here. */
  filters?: (t: TFunction) => FilterConfig;
  /** Label / value pairs of the view page. */
  view: (record: Rec, t: TFunction, locale: string | undefined) => readonly (readonly [string, ReactNode])[];
  /** More sections of the view page under the facts (a customer's contracts, a group's members). */
  sections?: (record: Rec, t: TFunction, locale: string | undefined) => ReactNode;
  /**
   * Tools above the list's table that work on the current query (export the filtered rows, import a file); hide them
   * with `<Can>` yourself.
   */
  listActions?: (list: UseListQuery<Row, string, FilterValues, ListResult<Row>>) => ReactNode;
  /** More header actions of the view page beside "Edit" (deactivate, resend); hide them with `<Can>` yourself. */
  viewActions?: (record: Rec) => ReactNode;
  form?: {
    schema: z.ZodType<FOut, FIn>;
    /**
     * The add form's values; a function when they depend on the day (an offer valid from today), called when the add
     * page opens, so a tab left open past midnight does not propose yesterday.
     */
    empty: FormDefaults<FIn> | (() => FormDefaults<FIn>);
    fromRecord: (record: Rec) => FormDefaults<FIn>;
    /** `mode` lets a field be entered once and shown read-only afterwards (a record's key). */
    fields: (form: UseFormReturn<FIn, unknown, FOut>, t: TFunction, mode: 'add' | 'edit') => ReactNode;
    toCreate?: (values: FOut, context: { idempotencyKey: string }) => BodyOf<C>;
    /**
     * The update's body without `version`: when the update endpoint takes one (every area whose record has an
     * `updatedAt`), the edit page adds the version the form loaded and handles 409 RECORD_CHANGED (EntityForm).
     */
    toUpdate?: (record: Rec, values: FOut) => WithoutVersion<BodyOf<U>>;
  };
};

/** A body without its `version` (distributes over a union of bodies). */
type WithoutVersion<B> = B extends unknown ? Omit<B, 'version'> : never;

/** Whether an update endpoint takes the version its form loaded (optimistic concurrency: docs/api.md). */
const takesVersion = (endpoint: WriteE, schema?: z.ZodType): boolean => {
  const body = schema ?? endpoint.body;
  if (isLazyBody(body)) throw new Error(`${endpoint.area}.${endpoint.action} declares its body lazily: give the resource its schema (bodies.update)`);
  const hasVersion = (schema: unknown) => {
    const shape = (schema as { shape?: unknown }).shape;
    return typeof shape === 'object' && shape !== null && 'version' in shape;
  };
  // A body that is a union of shapes (one per kind of record, e.g. a site-content section) takes one when each does.
  const options = (body as { options?: unknown }).options;
  return Array.isArray(options) && options.length > 0 ? options.every(hasVersion) : hasVersion(body);
};

/** The record's version as its get endpoint answered it (`updatedAt`). */
const versionOf = (record: unknown): string | undefined => {
  const v = (record as { updatedAt?: unknown }).updatedAt;
  return typeof v === 'string' ? v : undefined;
};

/** Type helper: checks a description against its endpoints (no run-time work). */
export const describeResource = <Row, Rec, FIn extends FieldValues, FOut, C extends WriteE, U extends WriteE>(
  d: ResourceDescription<Row, Rec, FIn, FOut, C, U>,
): ResourceDescription<Row, Rec, FIn, FOut, C, U> => d;

/** A maintenance area's list page: a page of the route table that has a `view/[id]` page below it. */
export type ResourceBase = { [P in RoutePath]: `${P}/view/[id]` extends RoutePath ? P : never }[RoutePath];

/**
 * The pages of an area, built by `pathTo` from the route table. The list and view pages are checked when compiled;
 * `add` and `edit` exist only for areas that add or edit (a unit test opens them for every description that does).
 */
export const resourcePaths = (base: ResourceBase) => ({
  list: pathTo(base),
  add: `${base}/add`,
  view: (id: string) => pathTo(`${base}/view/[id]` as `${ResourceBase}/view/[id]`, { id }),
  edit: (id: string) => `${base}/edit/${encodeURIComponent(id)}`,
});

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyResource = ResourceDescription<any, any, any, any, any, any>;

/** The list page: header with "Add" for writers, filters from the list schema, rows linking to the view page. */
export function ResourceListPage<Row>({ resource }: { resource: ResourceDescription<Row, unknown> | AnyResource }) {
  const { t, i18n } = useTranslation([resource.ns, 'common']);
  const r = resource as ResourceDescription<Row, unknown>;
  const labels = Object.fromEntries(Object.entries(r.filters?.(t) ?? {}));
  const rowId = r.rowId ?? ownId;
  return (
    <ListScreen<Row>
      endpoint={r.endpoints.list}
      {...(r.bodies?.list ? { schema: r.bodies.list } : {})}
      header={{
        title: t('title'),
        ...(i18n.exists(`${r.ns}:subtitle`) ? { subtitle: t('subtitle') } : {}),
        actions:
          r.endpoints.create && r.form ? (
            <Can anyOf={r.codes.write}>
              <Button component={NextLink} href={resourcePaths(r.base).add} variant="contained" startIcon={<AddIcon aria-hidden />}>
                {t('add')}
              </Button>
            </Can>
          ) : undefined,
      }}
      columns={r.columns(t, i18n.language)}
      getRowId={rowId}
      rowHref={(row) => resourcePaths(r.base).view(rowId(row))}
      {...(r.listDefaults ? { defaults: r.listDefaults } : {})}
      filterConfig={new Proxy(labels, {
        get: (target, key: string) => target[key] ?? { label: t(`filters.${key}`) },
      })}
      emptyMessage={t('empty')}
      {...(i18n.exists(`${r.ns}:emptyFiltered`) ? { emptyFilteredMessage: t('emptyFiltered') } : {})}
      {...(r.listActions ? { aboveTable: r.listActions } : {})}
    />
  );
}

function useRecord<Rec>(resource: { endpoints: { get: GetE<Rec> } }) {
  return useRouteRecord(resource.endpoints.get) as unknown as DetailQuery<Rec>;
}

/** The view page: the record's facts, "Edit" for writers, not found / error / retry states. */
export function ResourceViewPage<Rec>({ resource }: { resource: ResourceDescription<unknown, Rec> | AnyResource }) {
  const r = resource as ResourceDescription<unknown, Rec>;
  const { t, i18n } = useTranslation([r.ns, 'common']);
  const record = useRecord(r);
  const back = { href: r.base, label: t('backToList') };
  return (
    <DetailScreen query={record} title={t('title')} back={back} notFoundTitle={t('notFoundTitle')} notFoundBody={t('notFoundBody')}>
      {(rec) => (
        <>
          <PageHeader
            title={t('viewTitle', { name: r.recordName(rec, i18n.language) })}
            back={back}
            actions={
              <>
                {r.viewActions?.(rec)}
                {r.endpoints.update && r.form ? (
                  <Can anyOf={r.codes.write}>
                    <Button component={NextLink} href={resourcePaths(r.base).edit((rec as { id: string }).id)} variant="contained" startIcon={<EditIcon aria-hidden />}>
                      {t('edit')}
                    </Button>
                  </Can>
                ) : null}
              </>
            }
          />
          <Box sx={{ display: 'grid', gap: 2 }}>
            {/* The record's facts, under "Details": the area's name ("Offer maintenance") is the list page's title, not this section's. */}
            <FactsSection title={t('common:ui.details')} rows={r.view(rec, t, i18n.language)} />
            {r.sections?.(rec, t, i18n.language)}
          </Box>
        </>
      )}
    </DetailScreen>
  );
}

/** The add (`mode="add"`) or edit page: one EntityForm; after saving, the record's view page. */
export function ResourceFormPage<Rec, FIn extends FieldValues, FOut>({ resource, mode }: { resource: ResourceDescription<unknown, Rec, FIn, FOut> | AnyResource; mode: 'add' | 'edit' }) {
  const r = resource as ResourceDescription<unknown, Rec, FIn, FOut>;
  const { t, i18n } = useTranslation([r.ns, 'common']);
  const router = useRouter();
  const back = { href: r.base, label: t('backToList') };
  const form = r.form;
  if (!form) throw new Error(`${r.base}: no form in the resource description`);
  const { empty } = form;
  // Once per opening of the page: the form keeps its first default values.
  const [addDefaults] = useState(() => (typeof empty === 'function' ? empty() : empty));
  // `fields.<name>` of the namespace, else the field's own label.
  const fieldLabels = new Proxy({} as Record<string, string>, {
    get: (_t, key: string) => (i18n.exists(`${r.ns}:fields.${key}`) ? t(`fields.${key}`) : undefined),
  });

  if (mode === 'add') {
    if (!r.endpoints.create || !form.toCreate) throw new Error(`${r.base}: no create endpoint`);
    const create = r.endpoints.create;
    const toCreate = form.toCreate;
    return (
      <>
        <PageHeader title={t('addTitle')} back={back} />
        <EntityForm
          endpoint={create}
          schema={form.schema}
          defaultValues={addDefaults}
          toBody={(v, ctx) => toCreate(v, ctx)}
          fieldLabels={fieldLabels}
          submitLabel={t('add')}
          onCancel={() => void router.push(r.base)}
          onSuccess={(data) => {
            const id = idOf(data);
            void router.push(id ? resourcePaths(r.base).view(id) : r.base);
          }}
        >
          {(f) => form.fields(f, t, 'add')}
        </EntityForm>
      </>
    );
  }
  return <ResourceEdit<Rec, FIn, FOut> resource={r} back={back} fieldLabels={fieldLabels} />;
}

const idOf = (data: unknown): string | null =>
  typeof data === 'object' && data !== null && typeof (data as { id?: unknown }).id === 'string' ? (data as { id: string }).id : null;

function ResourceEdit<Rec, FIn extends FieldValues, FOut>({
  resource: r,
  back,
  fieldLabels,
}: {
  resource: ResourceDescription<unknown, Rec, FIn, FOut>;
  back: { href: string; label: string };
  fieldLabels: Record<string, string>;
}) {
  const { t, i18n } = useTranslation([r.ns, 'common']);
  const router = useRouter();
  const record = useRecord(r);
  const form = r.form!;
  if (!r.endpoints.update || !form.toUpdate) throw new Error(`${r.base}: no update endpoint`);
  const update = r.endpoints.update;
  const toUpdate = form.toUpdate;
  const versioned = takesVersion(update, r.bodies?.update);
  return (
    <DetailScreen query={record} title={t('title')} back={back} notFoundTitle={t('notFoundTitle')} notFoundBody={t('notFoundBody')}>
      {(rec) => {
        const view = resourcePaths(r.base).view((rec as { id: string }).id);
        return (
          <>
            <PageHeader title={t('editTitle', { name: r.recordName(rec, i18n.language) })} back={{ href: view, label: t('common:ui.back') }} />
            <EntityForm
              endpoint={update}
              schema={form.schema}
              defaultValues={form.fromRecord(rec)}
              // The version the form's values came from, not the latest read: a save over someone else's is a 409.
              {...(versioned ? { version: versionOf(rec) } : {})}
              // A record never saved has no version yet (a site-content section not configured): null says so.
              toBody={(v, ctx) => ({ ...toUpdate(rec, v), ...(versioned ? { version: ctx.version ?? null } : {}) }) as BodyOf<typeof update>}
              fieldLabels={fieldLabels}
              submitLabel={t('common:ui.form.save')}
              onCancel={() => void router.push(view)}
              onSuccess={() => void router.push(view)}
            >
              {(f) => form.fields(f, t, 'edit')}
            </EntityForm>
          </>
        );
      }}
    </DetailScreen>
  );
}

