import type { ReactNode } from 'react';
import { useTranslation } from 'next-i18next/pages';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import FacebookIcon from '@mui/icons-material/Facebook';
import InstagramIcon from '@mui/icons-material/Instagram';
import LinkedInIcon from '@mui/icons-material/LinkedIn';
import { isExternalHref } from '@/lib/siteContent/schemas';
import type { SocialPlatformSection } from '@/store/types';
import { ContentAnchor } from './ContentAnchor';
import { useSocialLinks } from './useContent';

const NETWORKS: { field: keyof SocialPlatformSection; labelKey: string; icon: ReactNode }[] = [
  { field: 'facebookLink', labelKey: 'siteContent.social.facebook', icon: <FacebookIcon /> },
  { field: 'instagramLink', labelKey: 'siteContent.social.instagram', icon: <InstagramIcon /> },
  { field: 'linkedInLink', labelKey: 'siteContent.social.linkedIn', icon: <LinkedInIcon /> },
];

/** The social icons (only the configured networks); each one's accessible name says where it goes. */
export function SocialLinks() {
  const { t } = useTranslation('common');
  const links = useSocialLinks();
  const shown = NETWORKS.filter((n) => links[n.field] !== '');
  if (shown.length === 0) return null;
  return (
    <Stack direction="row" spacing={1} component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {shown.map((n) => (
        <li key={n.field}>
          <IconButton
            component={ContentAnchor}
            href={links[n.field]}
            aria-label={isExternalHref(links[n.field]) ? t('siteContent.social.linkLabel', { network: t(n.labelKey) }) : t(n.labelKey)}
            title={t(n.labelKey)}
            data-testid={`social-${n.field}`}
            sx={{ border: 1, borderColor: 'divider', color: 'text.primary' }}
          >
            {n.icon}
          </IconButton>
        </li>
      ))}
    </Stack>
  );
}
