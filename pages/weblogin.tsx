import { LoginForm } from '@/components/auth/LoginForm';
import { titledPage } from '@/components/common/titledPage';
import { staticTranslations } from '@/lib/i18n/staticProps';

/**
 * Deep-link entry (spec §2): signs in, then continues to the carried deep link. "Sign in to continue" and the promise
 * to return only when there is a page to return to; after signing out it is the plain sign-in form.
 */
export default titledPage('login', 'auth', 'login.title', (title, t) => (
  <LoginForm title={title} intro={t('login.intro')} returning={{ title: t('weblogin.title'), intro: t('weblogin.intro') }} />
));
export const getStaticProps = staticTranslations('auth', 'mfa');
