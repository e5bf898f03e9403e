import Head from 'next/head';
import { useTranslation } from 'next-i18next/pages';

/** The document title: "<page> · <portal>". */
export function PageTitle({ title }: { title: string }) {
  const { t } = useTranslation('common');
  return (
    <Head>
      <title>{`${title} · ${t('appName')}`}</title>
    </Head>
  );
}
