import { useTranslation } from 'next-i18next/pages';
import { StatusChip } from './StatusChip';

/**
 * A user account's state (pending activation, active, locked, disabled) as a chip, on pages that list users beside
 * their own records (a customer's linked users, a group's members). Users have states of their own: the shared
 * `common:status` words read "待處理" / "生效中" for them and had none for `locked`, which showed as the raw code.
 */
export function UserStatusChip({ status }: { status: string }) {
  const { t } = useTranslation('common');
  const tone = status === 'inactive' ? 'reject' : status === 'locked' ? 'overdue' : status;
  return <StatusChip status={tone} label={t(`common:userStatus.${status}`, { defaultValue: status })} />;
}
