import { visuallyHidden } from '@/components/common/visuallyHidden';
import { forwardRef, type AnchorHTMLAttributes } from 'react';
import NextLink from 'next/link';
import { useTranslation } from 'next-i18next/pages';
import { isExternalHref } from '@/lib/siteContent/schemas';

type Props = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href' | 'target' | 'rel'> & { href: string };

/**
 * The anchor behind every site-content link (pass it as MUI's `component`): a portal path goes through the router in
 * the same tab; an https link opens a new tab without handing the portal's window to the other site
 * (`noopener noreferrer`). The href has been checked by the site-content normalisers before it gets here.
 */
export const ContentAnchor = forwardRef<HTMLAnchorElement, Props>(function ContentAnchor({ href, ...rest }, ref) {
  if (isExternalHref(href)) return <a {...rest} ref={ref} href={href} target="_blank" rel="noopener noreferrer" />;
  return <NextLink {...rest} ref={ref} href={href} />;
});

/** Tells screen-reader users that an external link opens a new tab (visually hidden; the visible text stays the name). */
export function NewTabHint({ href }: { href: string }) {
  const { t } = useTranslation('common');
  if (!isExternalHref(href)) return null;
  return <span style={visuallyHidden}> {t('siteContent.newTab')}</span>;
}
