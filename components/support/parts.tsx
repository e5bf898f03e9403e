/** Pieces shared by the customer-support screens (docs/support.md). */
import { Fragment, useState, type FormEvent, type ReactNode } from 'react';
import NextLink from 'next/link';
import { useRouter } from 'next/router';
import SearchIcon from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'next-i18next/pages';
import { SanitizedHtml } from '@/components/common/SanitizedHtml';
import type { SupportLang } from '@/lib/support/schemas';
import { pathTo, type RoutePath } from '@/lib/paths';
import { cutWhole } from '@/lib/zodText';

/** The reader's language for the support calls: the page's locale. */
export function useSupportLang(): SupportLang {
  return useRouter().locale === 'tc' ? 'tc' : 'en';
}

export const SUPPORT_SECTIONS = [
  { key: 'quickHelp', href: '/customer-support/quick-help' },
  { key: 'faq', href: '/customer-support/faq' },
  { key: 'usefulLinks', href: '/customer-support/useful-links' },
  { key: 'contactUs', href: '/contact-us' },
] as const satisfies readonly { key: string; href: RoutePath }[];

/**
 * The four support pages as tabs (links), so a reader moves between them in one click. On a phone the row scrolls,
 * with scroll buttons whenever a tab is cut off (at 390 px "Contact us" / 「聯絡我們」 was, with nothing to say so).
 */
export function SupportTabs({ current }: { current: (typeof SUPPORT_SECTIONS)[number]['key'] }) {
  const { t } = useTranslation('support');
  return (
    <Box component="nav" aria-label={t('nav.label')} sx={{ borderBottom: 1, borderColor: 'divider', mb: { xs: 2, md: 3 } }}>
      <Tabs value={current} variant="scrollable" scrollButtons="auto" allowScrollButtonsMobile>
        {SUPPORT_SECTIONS.map((s) => (
          <Tab key={s.key} value={s.key} label={t(`nav.${s.key}`)} component={NextLink} href={pathTo(s.href)} {...(s.key === current ? { 'aria-current': 'page' } : {})} />
        ))}
      </Tabs>
    </Box>
  );
}

/** The longest search query the API takes (UTF-16 units, as zod's max counts them). */
export const SEARCH_QUERY_MAX = 100;

/**
 * `q` cut to SEARCH_QUERY_MAX without splitting a character: `slice` alone could leave half of a character outside
 * the BMP (𨋢 and other CJK extension B characters of Hong Kong names), a lone surrogate the API refuses (400).
 */
export const searchQueryOf = (q: string): string => cutWhole(q, SEARCH_QUERY_MAX);

/** A search form that opens `action?q=…` (so the results page is linkable and the back button works). */
export function SupportSearchBox({ action, label, initial = '' }: { action: string; label: string; initial?: string }) {
  const { t } = useTranslation('support');
  const router = useRouter();
  const [value, setValue] = useState(initial);
  const [error, setError] = useState(false);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const q = value.trim();
    if (!q) {
      setError(true);
      return;
    }
    setError(false);
    void router.push({ pathname: action, query: { q: searchQueryOf(q) } });
  };
  return (
    <Box component="form" role="search" aria-label={label} onSubmit={submit} noValidate sx={{ mb: 3 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
        <TextField
          type="search"
          label={label}
          value={value}
          onChange={(e) => setValue(e.target.value)}
          size="small"
          fullWidth
          error={error}
          helperText={error ? t('search.empty') : undefined}
          slotProps={{ htmlInput: { maxLength: SEARCH_QUERY_MAX } }}
        />
        <Button type="submit" variant="contained" startIcon={<SearchIcon aria-hidden />} sx={{ flexShrink: 0, minHeight: 40 }}>
          {t('search.submit')}
        </Button>
      </Stack>
    </Box>
  );
}

/**
 * `text` split at the matches of `re` (a capturing split: matches at odd places), matched in the NFKC form of each
 * character but cut in `text`'s own characters: the terms are NFKC (as the server's search), so ＦＰＳ typed in
 * full-width is found by `fps` and shown as typed.
 */
function splitNormalised(text: string, re: RegExp): string[] {
  let normal = '';
  // starts[i]: where in `text` the character that gave normal[i] begins; one more entry for the end.
  const starts: number[] = [];
  let at = 0;
  for (const ch of text) {
    const n = ch.normalize('NFKC');
    for (let k = 0; k < n.length; k += 1) starts.push(at);
    normal += n;
    at += ch.length;
  }
  starts.push(text.length);
  const parts: string[] = [];
  let last = 0;
  for (const m of normal.matchAll(re)) {
    const from = starts[m.index]!;
    // The end of the character holding the match's last unit.
    const lastUnit = m.index + m[0].length - 1;
    const to = starts.find((s, i) => i > lastUnit && s > starts[lastUnit]!) ?? text.length;
    if (from < last || m[0].length === 0) continue;
    parts.push(text.slice(last, from), text.slice(from, to));
    last = to;
  }
  parts.push(text.slice(last));
  return parts;
}

/** `text` with every occurrence of `terms` (case-insensitively) in <mark>. */
export function Highlight({ text, terms }: { text: string; terms: string[] }) {
  const usable = terms.filter(Boolean);
  if (usable.length === 0) return <>{text}</>;
  const re = new RegExp(`(${usable.map((t) => t.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})`, 'gi');
  const parts = splitNormalised(text, re);
  return (
    <>
      {parts.map((part, i) =>
        i % 2 === 1 ? (
          <Box key={i} component="mark" sx={(theme) => ({ bgcolor: theme.palette.mode === 'dark' ? 'rgba(255, 213, 79, 0.35)' : '#fff1a8', color: 'inherit', px: 0.25, borderRadius: 0.5 })}>
            {part}
          </Box>
        ) : (
          <Fragment key={i}>{part}</Fragment>
        ),
      )}
    </>
  );
}

/** A help body or FAQ answer: sanitized HTML (components/common/SanitizedHtml, `help` spacing). */
export function HelpBody({ html, testId }: { html: string; testId?: string }): ReactNode {
  return <SanitizedHtml html={html} variant="help" {...(testId ? { testId } : {})} />;
}
