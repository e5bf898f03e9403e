import { titledPage } from '@/components/common/titledPage';
import { SurveyOptOutScreen } from '@/components/survey/SurveyOptOutScreen';
import { staticTranslations } from '@/lib/i18n/staticProps';

/** Spec route /survey/optput (sic): opting out of satisfaction surveys from an e-mail link. */
export default titledPage('login', 'survey', 'survey.title', () => <SurveyOptOutScreen />);
export const getStaticProps = staticTranslations('survey');
