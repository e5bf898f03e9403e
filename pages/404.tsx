import Link from 'next/link';
import { useTranslation } from 'next-i18next/pages';
import Button from '@mui/material/Button';
import type { PortalPage } from '@/components/app/types';
import { PageTitle } from '@/components/common/PageTitle';
import { StateMessage } from '@/components/common/StateMessage';
import { staticTranslations } from '@/lib/i18n/staticProps';
import { useHomePath } from '@/components/auth/useSessionData';

const NotFoundPage: PortalPage = () => {
  const { t } = useTranslation('notFound');
  // A signed-in user's own home page: staff without `home` (approvals only, say) were sent to '/', which they may not
  // open, and met "no permission" after "page not found".
  const home = useHomePath();
  return (
    <>
      <PageTitle title={t('notFound.title')} />
      {/* `inline`: no card of its own, so it does not nest a card in the login layout's card. */}
      <StateMessage
        variant="inline"
        headingComponent="h1"
        title={t('notFound.title')}
        action={
          <Button variant="contained" component={Link} href={home}>
            {t('notFound.home')}
          </Button>
        }
      >
        {t('notFound.message')}
      </StateMessage>
    </>
  );
};
// A signed-in user keeps the header and menus on a wrong address (issue 10 item 14); others get the login layout.
NotFoundPage.layout = 'adaptive';
export default NotFoundPage;
export const getStaticProps = staticTranslations('notFound');
