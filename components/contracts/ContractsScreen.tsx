import { useMemo } from 'react';
import { useRouter } from 'next/router';
import { useTranslation } from 'next-i18next/pages';
import type { DataTableColumn } from '@/components/common/DataTable';
import { ListScreen } from '@/components/common/ListScreen';
import { StatusChip } from '@/components/common/StatusChip';
import { contractsContract } from '@/lib/contracts/contract';
import type { ContractItem, ContractSortField } from '@/lib/contracts/schemas';
import { formatDate } from '@/lib/i18n/locales';
import { pathTo } from '@/lib/paths';
import { minimumChargeText } from './minimumCharge';

type SortField = ContractSortField;

/** `/my-account/contract-billing-schedule`: the customer's contracts, each opening its billing schedule. */
export function ContractsScreen() {
  const { t } = useTranslation(['contracts', 'common']);
  const { locale } = useRouter();
  const columns: DataTableColumn<ContractItem, SortField>[] = useMemo(
    () => [
      { key: 'contractNo', header: t('contracts:columns.contractNo'), sortable: true, render: (r) => r.contractNo },
      { key: 'type', header: t('contracts:columns.type'), render: (r) => t(`contracts:type.${r.contractType}`) },
      { key: 'machines', header: t('contracts:columns.machines'), hideOnMobile: true, render: (r) => r.serials.join(', ') || '–' },
      { key: 'startDate', header: t('contracts:columns.start'), sortable: true, hideOnMobile: true, render: (r) => formatDate(r.startDate, locale) },
      { key: 'endDate', header: t('contracts:columns.end'), sortable: true, render: (r) => formatDate(r.endDate, locale) },
      {
        key: 'minimumCharge',
        header: t('contracts:columns.minimum'),
        sortable: true,
        align: 'right',
        hideOnMobile: true,
        // QA: the list said HK$0.00 where the page said None.
        render: (r) => minimumChargeText(r.minimumChargeCents, locale, t),
      },
      { key: 'frequency', header: t('contracts:columns.frequency'), hideOnMobile: true, render: (r) => t(`contracts:frequency.${r.billingFrequency}`) },
      { key: 'next', header: t('contracts:columns.nextBilling'), render: (r) => (r.nextBillingDate ? formatDate(r.nextBillingDate, locale) : '–') },
      { key: 'status', header: t('contracts:columns.status'), render: (r) => <StatusChip status={r.status} label={t(`contracts:status.${r.status}`)} /> },
    ],
    [t, locale],
  );
  return (
    <ListScreen<ContractItem, SortField>
      endpoint={contractsContract.endpoints.listContracts}
      header={{ title: t('contracts:list.title'), subtitle: t('contracts:list.subtitle') }}
      columns={columns}
      rowHref={(r) => pathTo('/my-account/contract-billing-schedule/[id]', { id: r.id })}
      filterConfig={{ q: { label: t('contracts:list.search') }, status: { label: t('contracts:columns.status'), optionLabel: (s) => t(`contracts:status.${s}`) } }}
      emptyMessage={t('contracts:list.empty')}
      emptyFilteredMessage={t('contracts:list.emptyFiltered')}
    />
  );
}
