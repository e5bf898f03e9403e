import { useCallback } from 'react';
import { useTranslation } from 'next-i18next/pages';
import type { FieldError } from 'react-hook-form';
import { errorKey, type ErrorBody } from '@/lib/errors';
import { translateMessage } from '@/lib/zodMessages';

/** Translates a field's error message (a translation key from the schema or the server; see lib/zodMessages). */
export function useFieldMessage(): (message: string | undefined) => string | undefined {
  const { t, i18n } = useTranslation(['common', 'error']);
  const locale = i18n.language;
  return useCallback((message: string | undefined) => translateMessage((key, values) => t(key, values), message, locale), [t, locale]);
}

/**
 * An API error as one translated line, for a place with no form field to put it on (an upload beside a form, a
 * download): the first message the server gave on a field (an upload's "larger than the 5 MB limit", an export's
 * "too many users") or else the code's general text, which would say "check the highlighted fields" or "the file is
 * too large" with nothing highlighted and no limit named.
 */
export function useApiErrorText(): (error: Pick<ErrorBody, 'code' | 'fields'>) => string {
  const { t } = useTranslation(['common', 'error']);
  const fieldMessage = useFieldMessage();
  return useCallback(
    (error) => {
      const onField = Object.values(error.fields ?? {}).find((messages) => messages.length > 0)?.[0];
      return (onField && fieldMessage(onField)) || t(errorKey(error.code));
    },
    [t, fieldMessage],
  );
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
