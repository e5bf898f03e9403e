import { titledPage } from '@/components/common/titledPage';
import { HomeDashboard } from '@/components/home/HomeDashboard';
import { staticTranslations } from '@/lib/i18n/staticProps';

export default titledPage('dashboard', ['home', 'offers'], 'home.title', () => <HomeDashboard />);
export const getStaticProps = staticTranslations('home', 'offers');
