import { useTranslation } from 'next-i18next/pages';
import type { PortalPage } from '@/components/app/types';
import { PageTitle } from '@/components/common/PageTitle';
import { InboxScreen } from '@/components/inbox/InboxScreen';
import { staticTranslations } from '@/lib/i18n/staticProps';

const InboxPage: PortalPage = () => {
  const { t } = useTranslation('inbox');
  return (
    <>
      <PageTitle title={t('inbox.title')} />
      <InboxScreen />
    </>
  );
};
InboxPage.layout = 'main';
export default InboxPage;
export const getStaticProps = staticTranslations('inbox');
