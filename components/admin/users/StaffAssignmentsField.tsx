import { useTranslation } from 'next-i18next/pages';
import { useWatch, type Control } from 'react-hook-form';
import { localName } from '@/components/common/resourceFields';
import { useEndpointQuery } from '@/lib/api/query';
import { usersContract } from '@/lib/users/contract';
import type { CreateUserBody } from '@/lib/users/schemas';
import { CheckSelect } from './CheckSelect';

/**
 * The customers a staff user looks after (`staff_customer_assignments`): they scope the user list report's
 * `user_list_rpt_read` (docs/user-list-report.md). Shown only for provider staff; the choices are the active customers
 * (not the provider's own party).
 */
export function StaffAssignmentsField({ control }: { control: Control<CreateUserBody> }) {
  const { t, i18n } = useTranslation('users');
  const kind = useWatch({ control, name: 'kind' });
  const options = useEndpointQuery(usersContract.endpoints.userFormOptions, kind === 'staff' ? {} : null);
  if (kind !== 'staff') return null;
  const customers = (options.data?.customers ?? []).filter((c) => !c.isProvider);
  return (
    <CheckSelect
      control={control}
      name="assignedUcpIds"
      label={t('fields.assignedUcpIds')}
      help={t('help.assignedUcpIds')}
      options={customers.map((c) => ({ value: c.id, primary: localName(c, i18n.language), secondary: c.id, chosen: `${c.id} · ${localName(c, i18n.language)}` }))}
      disabled={options.isLoading}
      testId="assigned-customers"
    />
  );
}
