/**
 * The portal's own translations (public/locales/<locale>/<ns>.json), so the auth specs assert the texts a user reads
 * in each language and follow any rewording of them.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { PortalLocale } from '../helpers/browser';

const cache = new Map<string, Record<string, unknown>>();

function namespace(locale: PortalLocale, ns: string): Record<string, unknown> {
  const key = `${locale}/${ns}`;
  let data = cache.get(key);
  if (!data) {
    data = JSON.parse(readFileSync(path.join(process.cwd(), 'public', 'locales', locale, `${ns}.json`), 'utf8')) as Record<string, unknown>;
    cache.set(key, data);
  }
  return data;
}

/** `t('tc', 'error:INVALID_CREDENTIALS')`, `t('en', 'home:home.welcome', { name })`: nested or flat keys, `{{var}}` filled in. */
export function t(locale: PortalLocale, nsKey: string, vars: Record<string, string | number> = {}): string {
  const [ns, key] = nsKey.split(':', 2) as [string, string];
  const data = namespace(locale, ns);
  const nested = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], data);
  const value = nested ?? data[key];
  if (typeof value !== 'string') throw new Error(`no ${locale} translation for ${nsKey}`);
  return value.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => String(vars[name] ?? `{{${name}}}`));
}

/** A RegExp matching `text` literally. */
export const literally = (text: string): RegExp => new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));

/** `t` in English / in Chinese: the spellings every spec used to define for itself. */
export const en = (nsKey: string, vars?: Record<string, string | number>): string => t('en', nsKey, vars);
export const tc = (nsKey: string, vars?: Record<string, string | number>): string => t('tc', nsKey, vars);
