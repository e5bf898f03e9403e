import { LoginForm } from '@/components/auth/LoginForm';
import { titledPage } from '@/components/common/titledPage';
import { staticTranslations } from '@/lib/i18n/staticProps';

/** Deep-link entry (spec §2): signs in, then continues to the carried deep link. */
export default titledPage('login', 'auth', 'weblogin.title', (title, t) => <LoginForm title={title} intro={t('weblogin.intro')} />);
export const getStaticProps = staticTranslations('auth', 'mfa');
