import type { PortalPage } from '@/components/app/types';
import { CompanyNameScreen } from '@/components/accountChanges/ChangeForms';
import { staticTranslations } from '@/lib/i18n/staticProps';

const CompanyNamePage: PortalPage = () => <CompanyNameScreen />;
CompanyNamePage.layout = 'main';
export default CompanyNamePage;
export const getStaticProps = staticTranslations('accountChanges');
