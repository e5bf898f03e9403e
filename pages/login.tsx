import { LoginForm } from '@/components/auth/LoginForm';
import { titledPage } from '@/components/common/titledPage';
import { staticTranslations } from '@/lib/i18n/staticProps';

export default titledPage('login', 'auth', 'login.title', (title, t) => <LoginForm title={title} intro={t('login.intro')} />);
export const getStaticProps = staticTranslations('auth', 'mfa');
