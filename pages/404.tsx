import Link from 'next/link';
import { useTranslation } from 'next-i18next/pages';
import Button from '@mui/material/Button';
import type { PortalPage } from '@/components/app/types';
import { PageTitle } from '@/components/common/PageTitle';
import { StateMessage } from '@/components/common/StateMessage';
import { getStaticTranslations } from '@/lib/i18n/staticProps';

const NotFoundPage: PortalPage = () => {
  const { t } = useTranslation('page');
  return (
    <>
      <PageTitle title={t('notFound.title')} />
      <StateMessage
        title={t('notFound.title')}
        action={
          <Button variant="contained" component={Link} href="/">
            {t('notFound.home')}
          </Button>
        }
      >
        {t('notFound.message')}
      </StateMessage>
    </>
  );
};
NotFoundPage.layout = 'login';
export default NotFoundPage;
export const getStaticProps = getStaticTranslations;
