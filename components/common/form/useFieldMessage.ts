import { useCallback } from 'react';
import { useTranslation } from 'next-i18next/pages';
import { translateMessage } from '@/lib/zodMessages';

/** Translates a field's error message (a translation key from the schema or the server; see lib/zodMessages). */
export function useFieldMessage(): (message: string | undefined) => string | undefined {
  const { t, i18n } = useTranslation(['common', 'error']);
  const locale = i18n.language;
  return useCallback((message: string | undefined) => translateMessage((key, values) => t(key, values), message, locale), [t, locale]);
}
