import { titledPage } from '@/components/common/titledPage';
import { InboxScreen } from '@/components/inbox/InboxScreen';
import { staticTranslations } from '@/lib/i18n/staticProps';

export default titledPage('main', 'inbox', 'inbox.title', () => <InboxScreen />);
export const getStaticProps = staticTranslations('inbox');
