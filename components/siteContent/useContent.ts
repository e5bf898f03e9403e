import { useMemo } from 'react';
import {
  normalizeChatLink,
  normalizeFooterPopups,
  normalizeLinkConfiguration,
  normalizeMobileApplications,
  normalizeSocial,
} from '@/lib/siteContent/schemas';
import { usePortalStore } from '@/store/portalStore';

/*
 * Readers of the site content in the store, for rendering. What the API answered was already normalised, but the
 * store also holds what localStorage had (user-editable, possibly an older shape), so every value is passed through
 * the same normalisers again: components get well-formed entries and safe links only.
 */

export function useFooterPopups() {
  const value = usePortalStore((s) => s.footerPopupContentList);
  return useMemo(() => normalizeFooterPopups(value), [value]);
}

export function useMobileApplications() {
  const value = usePortalStore((s) => s.mobileApplicationList);
  return useMemo(() => normalizeMobileApplications(value), [value]);
}

export function useSocialLinks() {
  const value = usePortalStore((s) => s.socialplatformsection);
  return useMemo(() => normalizeSocial(value), [value]);
}

export function useChatWithUsLink(): string {
  return normalizeChatLink(usePortalStore((s) => s.chatwithuslink));
}

export function useLinkConfiguration() {
  const value = usePortalStore((s) => s.linkconfiguration);
  return useMemo(() => normalizeLinkConfiguration(value), [value]);
}
