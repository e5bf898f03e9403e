import type { ReactNode } from 'react';
import NextLink from 'next/link';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Box from '@mui/material/Box';
import Breadcrumbs from '@mui/material/Breadcrumbs';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'next-i18next/pages';
import { PageTitle } from './PageTitle';

export type Crumb = { label: string; href?: string };

export type PageHeaderProps = {
  /** The page's h1 (already translated). */
  title: string;
  subtitle?: ReactNode;
  /** Path from the section to this page; the last crumb is the current page (usually without `href`). */
  breadcrumbs?: Crumb[];
  /** Buttons for the page (e.g. "New order"); they wrap under the title on phones. */
  actions?: ReactNode;
  /** A "back" link above the title (e.g. detail → list); `label` defaults to `ui.back`. */
  back?: { href: string; label?: string };
  /** Document title when it should differ from `title` (default: `title`); `false` leaves the title to the page. */
  documentTitle?: string | false;
};

/** The top of every screen: document title, breadcrumbs or back link, h1, subtitle and actions. */
export function PageHeader({ title, subtitle, breadcrumbs, actions, back, documentTitle }: PageHeaderProps) {
  const { t } = useTranslation('common');
  return (
    <Box component="header" sx={{ mb: { xs: 2, md: 3 }, display: 'grid', gap: 1 }}>
      {documentTitle === false ? null : <PageTitle title={documentTitle ?? title} />}
      {breadcrumbs && breadcrumbs.length > 0 ? (
        <Breadcrumbs aria-label={t('ui.breadcrumbs')} sx={{ fontSize: '0.875rem' }}>
          {breadcrumbs.map((crumb, i) => {
            const isLast = i === breadcrumbs.length - 1;
            if (crumb.href && !isLast) {
              return (
                <Link key={`${crumb.href}-${i}`} component={NextLink} href={crumb.href} underline="hover" color="inherit">
                  {crumb.label}
                </Link>
              );
            }
            return (
              <Typography key={`${crumb.label}-${i}`} color="text.primary" sx={{ fontSize: 'inherit' }} aria-current={isLast ? 'page' : undefined}>
                {crumb.label}
              </Typography>
            );
          })}
        </Breadcrumbs>
      ) : null}
      {back ? (
        <Link component={NextLink} href={back.href} underline="hover" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, width: 'fit-content' }}>
          <ArrowBackIcon fontSize="small" aria-hidden />
          {back.label ?? t('ui.back')}
        </Link>
      ) : null}
      <Box
        sx={{
          display: 'flex',
          flexDirection: { xs: 'column', sm: 'row' },
          alignItems: { xs: 'stretch', sm: 'flex-start' },
          justifyContent: 'space-between',
          gap: { xs: 1.5, sm: 2 },
        }}
      >
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="h4" component="h1" sx={{ fontSize: { xs: '1.5rem', md: '2rem' }, fontWeight: 600, overflowWrap: 'anywhere' }}>
            {title}
          </Typography>
          {subtitle ? (
            <Typography color="text.secondary" sx={{ mt: 0.5 }} component="div">
              {subtitle}
            </Typography>
          ) : null}
        </Box>
        {actions ? (
          <Box data-testid="page-header-actions" sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, flexShrink: 0, justifyContent: { xs: 'flex-start', sm: 'flex-end' } }}>
            {actions}
          </Box>
        ) : null}
      </Box>
    </Box>
  );
}
