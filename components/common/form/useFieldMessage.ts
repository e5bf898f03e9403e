import { useCallback } from 'react';
import { useTranslation } from 'next-i18next/pages';
import type { FieldError } from 'react-hook-form';
import { translateMessage } from '@/lib/zodMessages';

/** Translates a field's error message (a translation key from the schema or the server; see lib/zodMessages). */
export function useFieldMessage(): (message: string | undefined) => string | undefined {
  const { t, i18n } = useTranslation(['common', 'error']);
  const locale = i18n.language;
  return useCallback((message: string | undefined) => translateMessage((key, values) => t(key, values), message, locale), [t, locale]);
}

const NOT_ERRORS = new Set(['ref', 'type', 'types', 'message']);

/**
 * The message of a field's error wherever react-hook-form keeps it. A plain field holds it in `message`; a list field
 * (typed UCP ids, chosen customers, a user's links) holds a rule of the whole list there or in `root`, and its items'
 * errors by index: `customerIds[3]` too long, `links[1].ucpId` unknown. A list field that read only `message` showed
 * nothing while the form refused to submit. Items are searched in order; `ref` (the DOM element) is never walked.
 */
export function fieldErrorMessage(error: FieldError | undefined): string | undefined {
  const first = (node: unknown, depth: number): string | undefined => {
    if (!node || typeof node !== 'object' || depth > 4) return undefined;
    const { message, root } = node as { message?: unknown; root?: unknown };
    if (typeof message === 'string' && message) return message;
    const fromRoot = first(root, depth + 1);
    if (fromRoot) return fromRoot;
    for (const [key, value] of Object.entries(node)) {
      if (NOT_ERRORS.has(key) || key === 'root') continue;
      const found = first(value, depth + 1);
      if (found) return found;
    }
    return undefined;
  };
  return first(error, 0);
}
