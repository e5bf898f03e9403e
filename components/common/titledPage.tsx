import type { ReactNode } from 'react';
import { useTranslation } from 'next-i18next/pages';
import type { TFunction } from 'i18next';
import type { PageLayout, PortalPage } from '@/components/app/types';
import { PageTitle } from './PageTitle';

/**
 * A page whose screen has no PageHeader of its own (sign-in forms, the account page, the inbox): the document title
 * from `<ns>:<titleKey>`, then the screen. The page file keeps its own `getStaticProps` (server-only code must stay
 * out of this client module).
 */
export function titledPage(layout: PageLayout, ns: string | readonly string[], titleKey: string, render: (title: string, t: TFunction) => ReactNode): PortalPage {
  const Page: PortalPage = () => {
    const { t } = useTranslation(ns);
    const title = t(titleKey);
    return (
      <>
        <PageTitle title={title} />
        {render(title, t)}
      </>
    );
  };
  Page.layout = layout;
  return Page;
}
