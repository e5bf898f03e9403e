/** Pieces shared by the customer-support screens (docs/support.md). */
import { Fragment, useState, type FormEvent, type MouseEvent, type ReactNode } from 'react';
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
import type { SupportLang } from '@/lib/support/schemas';

/** The reader's language for the support calls: the page's locale. */
export function useSupportLang(): SupportLang {
  return useRouter().locale === 'tc' ? 'tc' : 'en';
}

export const SUPPORT_SECTIONS = [
  { key: 'quickHelp', href: '/customer-support/quick-help' },
  { key: 'faq', href: '/customer-support/faq' },
  { key: 'usefulLinks', href: '/customer-support/useful-links' },
  { key: 'contactUs', href: '/contact-us' },
] as const;

/** The four support pages as tabs (links), so a reader moves between them in one click; scrolls on a phone. */
export function SupportTabs({ current }: { current: (typeof SUPPORT_SECTIONS)[number]['key'] }) {
  const { t } = useTranslation('support');
  return (
    <Box component="nav" aria-label={t('nav.label')} sx={{ borderBottom: 1, borderColor: 'divider', mb: { xs: 2, md: 3 } }}>
      <Tabs value={current} variant="scrollable" scrollButtons={false} allowScrollButtonsMobile>
        {SUPPORT_SECTIONS.map((s) => (
          <Tab key={s.key} value={s.key} label={t(`nav.${s.key}`)} component={NextLink} href={s.href} {...(s.key === current ? { 'aria-current': 'page' } : {})} />
        ))}
      </Tabs>
    </Box>
  );
}

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
    void router.push({ pathname: action, query: { q: q.slice(0, 100) } });
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
          slotProps={{ htmlInput: { maxLength: 100 } }}
        />
        <Button type="submit" variant="contained" startIcon={<SearchIcon aria-hidden />} sx={{ flexShrink: 0, minHeight: 40 }}>
          {t('search.submit')}
        </Button>
      </Stack>
    </Box>
  );
}

/** `text` with every occurrence of `terms` (case-insensitively) in <mark>. */
export function Highlight({ text, terms }: { text: string; terms: string[] }) {
  const usable = terms.filter(Boolean);
  if (usable.length === 0) return <>{text}</>;
  const re = new RegExp(`(${usable.map((t) => t.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})`, 'gi');
  const parts = text.split(re);
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

/**
 * A help body or FAQ answer: HTML the server sanitized (lib/server/sanitize.ts `sanitizeHelpHtml`: text tags, safe
 * links, the portal's own help images). Links to portal pages are followed with the router (same language, no reload).
 */
export function HelpBody({ html, testId }: { html: string; testId?: string }): ReactNode {
  const router = useRouter();
  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const anchor = (event.target as Element).closest?.('a');
    const href = anchor?.getAttribute('href');
    if (!anchor || !href || !href.startsWith('/') || href.startsWith('//') || anchor.getAttribute('target')) return;
    event.preventDefault();
    void router.push(href);
  };
  return (
    <Box
      {...(testId ? { 'data-testid': testId } : {})}
      onClick={onClick}
      // Sanitized by the server on write and again on read; never built from user input here.
      dangerouslySetInnerHTML={{ __html: html }}
      sx={{
        overflowWrap: 'anywhere',
        lineHeight: 1.7,
        '& p': { my: 1.25 },
        '& h3': { typography: 'h6', mt: 2.5, mb: 1 },
        '& h4': { typography: 'subtitle1', fontWeight: 600, mt: 2, mb: 1 },
        '& ul, & ol': { pl: 3, my: 1.25 },
        '& li': { my: 0.5 },
        '& a': { color: 'primary.main', textDecoration: 'underline', textUnderlineOffset: '2px' },
        '& a:focus-visible': { outline: '2px solid', outlineOffset: '2px' },
        '& figure': { mx: 0, my: 2 },
        '& img': { display: 'block', maxWidth: '100%', height: 'auto', borderRadius: 1, border: 1, borderColor: 'divider' },
        '& figcaption': { color: 'text.secondary', fontSize: '0.875em', mt: 0.75 },
        '& blockquote': { borderLeft: 4, borderColor: 'divider', pl: 2, ml: 0, color: 'text.secondary' },
        '& table': { borderCollapse: 'collapse', my: 1.5, display: 'block', maxWidth: '100%', overflowX: 'auto' },
        '& th, & td': { border: 1, borderColor: 'divider', px: 1.25, py: 0.75, textAlign: 'left', verticalAlign: 'top' },
        '& th': { bgcolor: 'action.hover', fontWeight: 600 },
      }}
    />
  );
}
