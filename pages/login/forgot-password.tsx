import { ForgotPasswordScreen } from '@/components/auth/ForgotPasswordScreen';
import { titledPage } from '@/components/common/titledPage';
import { staticTranslations } from '@/lib/i18n/staticProps';

/** Public: opened from an e-mail link or the sign-in page (docs/user-accounts.md). */
export default titledPage('login', 'auth', 'forgotPassword.title', () => <ForgotPasswordScreen />);
export const getStaticProps = staticTranslations('auth');
