import type { ReactNode } from 'react';
import type { TFunction } from 'i18next';
import { formatDate } from '@/lib/i18n/locales';
import type { DataTableColumn } from './DataTable';
import { StatusChip } from './StatusChip';

/** How a maintenance area shows a record's status: the shared chip unless the area maps its own states. */
export type StatusChipOf = (status: string) => ReactNode;
const sharedChip: StatusChipOf = (status) => <StatusChip status={status} />;

/**
 * The status column of a resource description's list (`columns.status` of the area's namespace), the same in every
 * maintenance area (docs/ui-components.md, "Resource descriptions").
 */
export function statusColumn<Row extends { status: string }>(t: TFunction, chip: StatusChipOf = sharedChip): DataTableColumn<Row> {
  return { key: 'status', header: t('columns.status'), render: (r) => chip(r.status) };
}

/** The status filter (`filters.status`); its options are named by `common:status.*` unless the area has its own. */
export function statusFilter(t: TFunction, optionLabel: (status: string) => string = (s) => t(`common:status.${s}`)) {
  return { label: t('filters.status'), optionLabel };
}

/** The status row of the view page. */
export function statusRow(t: TFunction, status: string, chip: StatusChipOf = sharedChip): readonly [string, ReactNode] {
  return [t('columns.status'), <span key="status">{chip(status)}</span>];
}

/** The "created" column (`columns.created`, a date, sortable, hidden on phones) of the maintenance lists. */
export function createdColumn<Row extends { createdAt: string }>(t: TFunction, locale: string | undefined): DataTableColumn<Row> {
  return { key: 'createdAt', header: t('columns.created'), sortable: true, hideOnMobile: true, render: (r) => formatDate(r.createdAt, locale) };
}
