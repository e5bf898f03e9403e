import { AccountScreen } from '@/components/account/AccountScreen';
import { titledPage } from '@/components/common/titledPage';
import { staticTranslations } from '@/lib/i18n/staticProps';

export default titledPage('dashboard', 'account', 'account.title', () => <AccountScreen />);
export const getStaticProps = staticTranslations('account', 'mfa');
