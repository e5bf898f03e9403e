import { useCallback, useMemo, type ReactNode } from 'react';
import { useTranslation } from 'next-i18next/pages';
import type { z } from 'zod';
import { isLazyBody } from '@/lib/contract';
import type { ListResult } from '@/lib/listQuery';
import { DataTable, type DataTableColumn } from './DataTable';
import { FilterBar, type FilterDef } from './FilterBar';
import { filterSchemaOf, inferFilters, sortFieldsOf, type FilterConfig } from './listSchema';
import { isEmptyFilterValue, type FilterValues, type ListQueryDefaults } from './listQueryUrl';
import { PageHeader, type PageHeaderProps } from './PageHeader';
import { useListQuery, type ListEndpoint, type UseListQuery } from './useListQuery';

export type ListScreenProps<T, S extends string, F extends FilterValues, R extends ListResult<T>> = {
  /** The contract's list endpoint (`{ page, pageSize, sort, filter }` → `{ items, total }`). */
  endpoint: ListEndpoint<T> & { output: unknown };
  /**
   * The list body's schema, from the feature's `schemas` module, when the contract declares the body lazily
   * (`lazyBody`: contracts whose endpoints pages call without building bodies, such as the home page's cards, keep
   * zod out of those pages). The filters and sort fields are read from it. Not needed with an eager body.
   */
  schema?: z.ZodType;
  /** Page header: title (h1), subtitle, actions, breadcrumbs / back. Left out when the screen has its own header. */
  header?: PageHeaderProps;
  columns: readonly DataTableColumn<T, S>[];
  /** A row's id (React key, `data-row-id`); the row's own `id` unless given. */
  getRowId?: (row: T) => string;
  rowHref?: (row: T) => string;
  onRowClick?: (row: T) => void;
  /** Sort, page size and default filter values; sort fields and the filter schema come from the endpoint's body. */
  defaults?: Omit<ListQueryDefaults<S, F>, 'filterSchema'>;
  /** Labels, option labels, overrides or `false` (no control) per filter key of the endpoint's filter schema. */
  filterConfig?: FilterConfig;
  /** Explicit controls instead of the inferred ones (rarely needed). */
  filters?: readonly FilterDef[];
  /** No rows and no filter set. */
  emptyMessage: string;
  /** No rows for the filters set (default: `ui.table.emptyFiltered`). */
  emptyFilteredMessage?: string;
  /** The table's accessible name (default: the header's title). */
  label?: string;
  /** Totals or notes above the rows, from the answer (`list.data`). */
  summary?: (list: UseListQuery<T, S, F, R>) => ReactNode;
  /** Between the header and the table (account totals, a download error), from the answer. */
  aboveTable?: (list: UseListQuery<T, S, F, R>) => ReactNode;
  /** Anything the screen adds below the table (dialogs), with the list (e.g. to open a row's dialog). */
  children?: (list: UseListQuery<T, S, F, R>) => ReactNode;
};

/** The schema a list screen reads its filters and sort fields from: the one given, else the endpoint's own. */
export function listBodySchema(endpoint: Pick<ListEndpoint<unknown>, 'area' | 'action' | 'body'>, schema?: z.ZodType): z.ZodType {
  const body = schema ?? endpoint.body;
  if (isLazyBody(body)) throw new Error(`${endpoint.area}.${endpoint.action} declares its body lazily: give the list screen its schema`);
  return body as z.ZodType;
}

/** The id of a row that has one: what a list screen or a resource description uses unless told otherwise. */
export const ownId = (row: unknown): string => (row as { id: string }).id;

/**
 * A list screen from configuration: page header, filters inferred from the endpoint's filter schema (enum arrays →
 * multi-select, enums → select, `<x>From`/`<x>To` → date range, strings → search), the query in the URL
 * (useListQuery), DataTable with its loading / empty / empty-for-these-filters / error-with-retry states.
 *
 * @example
 * <ListScreen endpoint={ordersContract.endpoints.listOrders} header={{ title: t('orders.title') }} columns={columns}
 *   rowHref={(r) => paths.order(r.id)} emptyMessage={t('orders.empty')}
 *   defaults={{ sort: { field: 'createdAt', direction: 'desc' } }}
 *   filterConfig={{ status: { label: t('orders.filters.status'), optionLabel: (s) => t(`common:status.${s}`) } }} />
 */
export function ListScreen<T, S extends string = string, F extends FilterValues = FilterValues, R extends ListResult<T> = ListResult<T>>({
  endpoint,
  schema,
  header,
  columns,
  getRowId = ownId,
  rowHref,
  onRowClick,
  defaults,
  filterConfig,
  filters,
  emptyMessage,
  emptyFilteredMessage,
  label,
  summary,
  aboveTable,
  children,
}: ListScreenProps<T, S, F, R>) {
  const { t } = useTranslation('common');
  const body = listBodySchema(endpoint, schema);
  const filterSchema = useMemo(() => filterSchemaOf(body), [body]);
  const sortFields = sortFieldsOf(body);
  const list = useListQuery<T, S, F, R>(endpoint as never, {
    ...(sortFields ? { sortFields: sortFields as S[] } : {}),
    ...defaults,
    ...(filterSchema ? { filterSchema } : {}),
  });
  const controls = useMemo(() => filters ?? inferFilters(filterSchema, filterConfig), [filters, filterSchema, filterConfig]);
  const { setFilter } = list;
  const onFilterChange = useCallback((patch: Record<string, string | string[]>) => setFilter(patch as Partial<F>), [setFilter]);
  const hasFilter = Object.values(list.query.filter).some((v) => !isEmptyFilterValue(v as FilterValues[string]));

  return (
    <>
      {header ? <PageHeader {...header} /> : null}
      {aboveTable?.(list)}
      <DataTable
        {...list.tableProps}
        columns={columns}
        getRowId={getRowId}
        {...(rowHref ? { rowHref } : {})}
        {...(onRowClick ? { onRowClick } : {})}
        label={label ?? header?.title}
        emptyMessage={hasFilter ? (emptyFilteredMessage ?? t('ui.table.emptyFiltered')) : emptyMessage}
        summary={summary?.(list)}
        filters={
          controls.length > 0 ? (
            <FilterBar filters={controls} value={list.query.filter} onChange={onFilterChange} onClear={list.clearFilter} onInvalidChange={list.setFilterInvalid} />
          ) : undefined
        }
      />
      {children?.(list)}
    </>
  );
}
