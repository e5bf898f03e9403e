import { SelectUcpScreen } from '@/components/auth/SelectUcpScreen';
import { titledPage } from '@/components/common/titledPage';
import { staticTranslations } from '@/lib/i18n/staticProps';

export default titledPage('login', 'auth', 'selectUcp.title', () => <SelectUcpScreen />);
export const getStaticProps = staticTranslations('auth');
