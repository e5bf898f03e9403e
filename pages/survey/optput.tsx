import { useTranslation } from 'next-i18next/pages';
import type { PortalPage } from '@/components/app/types';
import { PageTitle } from '@/components/common/PageTitle';
import { SurveyOptOutScreen } from '@/components/survey/SurveyOptOutScreen';
import { staticTranslations } from '@/lib/i18n/staticProps';

/** Spec route /survey/optput (sic): opting out of satisfaction surveys from an e-mail link. */
const SurveyOptOutPage: PortalPage = () => {
  const { t } = useTranslation('survey');
  return (
    <>
      <PageTitle title={t('survey.title')} />
      <SurveyOptOutScreen />
    </>
  );
};
SurveyOptOutPage.layout = 'login';
export default SurveyOptOutPage;
export const getStaticProps = staticTranslations('survey');
