import { useTranslation } from 'next-i18next/pages';
import type { PortalPage } from '@/components/app/types';
import { SetPasswordScreen } from '@/components/auth/SetPasswordScreen';
import { PageTitle } from '@/components/common/PageTitle';
import { staticTranslations } from '@/lib/i18n/staticProps';

/** Public: opened from an e-mail link or the sign-in page (docs/user-accounts.md). */
const ActivatePage: PortalPage = () => {
  const { t } = useTranslation(['auth', 'account']);
  return (
    <>
      <PageTitle title={t('activate.title')} />
      <SetPasswordScreen purpose="activation" />
    </>
  );
};
ActivatePage.layout = 'login';
export default ActivatePage;
export const getStaticProps = staticTranslations('auth', 'account');
