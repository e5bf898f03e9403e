import { LoginForm } from '@/components/auth/LoginForm';
import { titledPage } from '@/components/common/titledPage';
import { staticTranslations } from '@/lib/i18n/staticProps';

export default titledPage('login', 'auth', 'login.title', (title, t) => (
  // A 401 on a deep-linkable page sends the user here with the deep link (spec §4): then it says it will return there.
  <LoginForm title={title} intro={t('login.intro')} returning={{ title: t('weblogin.title'), intro: t('weblogin.intro') }} />
));
export const getStaticProps = staticTranslations('auth', 'mfa');
