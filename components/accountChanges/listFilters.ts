import type { TFunction } from 'i18next';
import type { FilterConfig } from '@/components/common/listSchema';
import type { ChangeType } from '@/lib/accountChanges/constants';

/**
 * The filters of a list of change requests (the customer's list, the staff queue): the search under `searchLabel`,
 * the types the user may read, the status and the submitted dates (`accountChanges:list.filters.*`).
 */
export function changeFilters(t: TFunction, types: readonly ChangeType[], searchLabel: string): FilterConfig {
  return {
    q: { label: searchLabel },
    type: { def: { type: 'multiSelect', key: 'type', label: t('list.filters.type'), options: types.map((ty) => ({ value: ty, label: t(`types.${ty}`) })) } },
    status: { label: t('list.filters.status'), optionLabel: (s) => t(`common:status.${s}`) },
    dateFrom: { fromLabel: t('list.filters.from'), toLabel: t('list.filters.to') },
  };
}
