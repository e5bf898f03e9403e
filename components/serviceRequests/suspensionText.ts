import { useRouter } from 'next/router';
import { useTranslation } from 'next-i18next/pages';
import { formatDateTimeSpan } from '@/lib/i18n/locales';
import type { SuspensionSpan } from '@/lib/serviceRequests/schemas';

/**
 * A clock suspension in words, the same on the customer's request page and the service desk: its reason ("Typhoon
 * Signal No. 8 or above") and its span ("16 Sept 2027, 9:40 am to 4:20 pm").
 */
export function useSuspensionText() {
  const { t } = useTranslation('serviceRequests');
  const { locale } = useRouter();
  return {
    kind: (s: Pick<SuspensionSpan, 'kind'>) => t(`suspension.kinds.${s.kind}`),
    span: (s: Pick<SuspensionSpan, 'startsAt' | 'endsAt'>) => t('suspension.span', formatDateTimeSpan(s.startsAt, s.endsAt, locale)),
  };
}
