import { DisclaimerScreen } from '@/components/auth/DisclaimerScreen';
import { titledPage } from '@/components/common/titledPage';
import { staticTranslations } from '@/lib/i18n/staticProps';

export default titledPage('login', 'auth', 'disclaimer.title', () => <DisclaimerScreen />);
export const getStaticProps = staticTranslations('auth');
