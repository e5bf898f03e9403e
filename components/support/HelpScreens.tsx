import type { ReactNode } from 'react';
/** Quick help (docs/support.md): topics with their articles, one article, and search across both languages. */
import NextLink from 'next/link';
import { useRouter } from 'next/router';
import ArticleOutlinedIcon from '@mui/icons-material/ArticleOutlined';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'next-i18next/pages';
import { DetailScreen, useRouteId, type DetailQuery } from '@/components/common/DetailScreen';
import { PageHeader } from '@/components/common/PageHeader';
import { StateMessage } from '@/components/common/StateMessage';
import { useEndpointQuery } from '@/lib/api/query';
import type { BodyOf, Endpoint, OutputOf } from '@/lib/contract';
import { formatDate } from '@/lib/i18n/locales';
import { supportContract } from '@/lib/support/contract';
import type { SupportTopic } from '@/lib/support/constants';
import type { HelpArticle, SearchResult, SupportLang } from '@/lib/support/schemas';
import { HelpBody, Highlight, searchQueryOf, SupportSearchBox, SupportTabs, useSupportLang } from './parts';
import { pathTo } from '@/lib/paths';

const c = supportContract.endpoints;
/** The two support areas' index pages; each has `/search` and its entries below it. */
export type SupportBase = '/customer-support/quick-help' | '/customer-support/faq';

const BASE = '/customer-support/quick-help' satisfies SupportBase;

export function QuickHelpScreen() {
  const { t } = useTranslation('support');
  return (
    <SupportIndexPage area="quickHelp" base={BASE} endpoint={c.listHelpTopics}>
      {(groups) => (
        <Grid container spacing={2}>
          {groups.map((g) => (
            <Grid key={g.topic} size={{ xs: 12, md: 6 }}>
              <Card variant="outlined" sx={{ height: '100%' }} component="section" aria-labelledby={`topic-${g.topic}`}>
                <CardContent>
                  <Typography id={`topic-${g.topic}`} variant="h6" component="h2" gutterBottom>
                    {t(`topics.${g.topic}`)}
                  </Typography>
                  <List dense disablePadding>
                    {g.articles.map((a) => (
                      <ListItem key={a.id} disableGutters sx={{ display: 'block', py: 0.75 }}>
                        <Link component={NextLink} href={pathTo('/customer-support/quick-help/[id]', { id: a.id })} underline="hover" sx={{ fontWeight: 500 }}>
                          {a.title}
                        </Link>
                        {a.summary ? (
                          <Typography variant="body2" color="text.secondary">
                            {a.summary}
                          </Typography>
                        ) : null}
                      </ListItem>
                    ))}
                  </List>
                </CardContent>
              </Card>
            </Grid>
          ))}
        </Grid>
      )}
    </SupportIndexPage>
  );
}

export function HelpArticleScreen() {
  const { t } = useTranslation('support');
  const lang = useSupportLang();
  const { locale } = useRouter();
  const id = useRouteId();
  const article = useEndpointQuery(c.getHelpArticle, id ? { id, lang } : null);
  const back = { href: pathTo(BASE), label: t('article.back') };
  return (
    <DetailScreen
      query={article as DetailQuery<HelpArticle>}
      title={t('quickHelp.title')}
      back={back}
      notFoundTitle={t('article.notFoundTitle')}
      notFoundBody={t('article.notFoundBody')}
    >
      {(a) => (
        <>
          <PageHeader
            title={a.title}
            breadcrumbs={[{ label: t('quickHelp.title'), href: pathTo(BASE) }, { label: t(`topics.${a.topic}`) }, { label: a.title }]}
            {...(a.summary ? { subtitle: a.summary } : {})}
          />
          <Grid container spacing={3}>
            <Grid size={{ xs: 12, md: 8 }}>
              <Paper variant="outlined" component="article" sx={{ p: { xs: 2, md: 3 } }}>
                <HelpBody html={a.bodyHtml} testId="help-article-body" />
                <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 2 }}>
                  {t('article.updated', { date: formatDate(a.updatedAt, locale) })}
                </Typography>
              </Paper>
            </Grid>
            <Grid size={{ xs: 12, md: 4 }}>
              <Stack spacing={2}>
                {a.related.length > 0 ? (
                  <Paper variant="outlined" component="aside" aria-labelledby="related-heading" sx={{ p: 2 }}>
                    <Typography id="related-heading" variant="subtitle1" component="h2" gutterBottom>
                      {t('article.related')}
                    </Typography>
                    <List dense disablePadding>
                      {a.related.map((r) => (
                        <ListItem key={r.id} disableGutters>
                          <Link component={NextLink} href={pathTo('/customer-support/quick-help/[id]', { id: r.id })} underline="hover">
                            {r.title}
                          </Link>
                        </ListItem>
                      ))}
                    </List>
                  </Paper>
                ) : null}
                <Paper variant="outlined" sx={{ p: 2 }}>
                  <Typography variant="subtitle1" component="h2" gutterBottom>
                    {t('article.stillNeedHelp')}
                  </Typography>
                  <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
                    {t('article.stillNeedHelpBody')}
                  </Typography>
                  <Link component={NextLink} href={pathTo('/contact-us')}>
                    {t('nav.contactUs')}
                  </Link>
                </Paper>
              </Stack>
            </Grid>
          </Grid>
        </>
      )}
    </DetailScreen>
  );
}

/** The query of a search page (`?q=`), trimmed; null while the router is not ready or without one. */
export function useSearchQuery(): string | null {
  const router = useRouter();
  if (!router.isReady) return null;
  const q = router.query.q;
  const raw = (Array.isArray(q) ? q[0] : q)?.trim();
  const value = raw === undefined ? undefined : searchQueryOf(raw);
  return value ? value : '';
}

/** A hit that matched in the other language carries it (`lang`), so a screen reader reads it in that language. */
export const hitLang = (matched: SupportLang, lang: SupportLang) => (matched !== lang ? { lang: matched === 'tc' ? 'zh-HK' : 'en' } : {});

/** A hit's topic, and the language it matched in when that is not the page's. */
export function HitChips({ topic, matchedLang }: { topic: SupportTopic; matchedLang: SupportLang }) {
  const { t } = useTranslation('support');
  const lang = useSupportLang();
  return (
    <>
      <Chip size="small" label={t(`topics.${topic}`)} variant="outlined" />
      {matchedLang !== lang ? <Chip size="small" label={t(`search.matchedIn.${matchedLang}`)} color="info" variant="outlined" /> : null}
    </>
  );
}

/** A search's answer: `empty` when nothing was found, else the results with their count read out above them. */
export function SearchResults({ count, empty, testId, children }: { count: number; empty: string; testId?: string; children: ReactNode }) {
  const { t } = useTranslation('support');
  if (count === 0) return <StateMessage title={empty} headingComponent="h2" variant="inline" />;
  return (
    <Box component="section" aria-label={t('search.results')} data-testid={testId}>
      <Typography role="status" variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        {t('search.count', { count })}
      </Typography>
      {children}
    </Box>
  );
}

export function SearchHits({ result, hrefOf, empty }: { result: SearchResult; hrefOf: (id: string) => string; empty: string }) {
  const lang = useSupportLang();
  return (
    <SearchResults count={result.hits.length} empty={empty}>
      <Stack component="ol" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }} data-testid="search-results">
        {result.hits.map((h) => (
          <Paper key={h.id} component="li" variant="outlined" sx={{ p: 2 }}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5, mb: 0.5 }}>
              <ArticleOutlinedIcon fontSize="small" color="action" aria-hidden />
              <Link component={NextLink} href={hrefOf(h.id)} underline="hover" sx={{ fontWeight: 600 }} {...hitLang(h.matchedLang, lang)}>
                <Highlight text={h.title} terms={result.terms} />
              </Link>
              <HitChips topic={h.topic} matchedLang={h.matchedLang} />
            </Stack>
            <Typography variant="body2" color="text.secondary" {...hitLang(h.matchedLang, lang)}>
              <Highlight text={h.snippet} terms={result.terms} />
            </Typography>
          </Paper>
        ))}
      </Stack>
    </SearchResults>
  );
}

/**
 * A support area's first page (quick-help topics, FAQ categories): header, tabs and search box, then the area's groups
 * in the page's language from `endpoint`, or "nothing yet" when there are none.
 */
export function SupportIndexPage<E extends Endpoint<'query'>>({ area, base, endpoint, children }: { area: 'quickHelp' | 'faq'; base: SupportBase; endpoint: E; children: (groups: OutputOf<E>) => ReactNode }) {
  const { t } = useTranslation('support');
  const lang = useSupportLang();
  const groups = useEndpointQuery(endpoint, { lang } as BodyOf<E>);
  return (
    <>
      <PageHeader title={t(`${area}.title`)} subtitle={t(`${area}.subtitle`)} />
      <SupportTabs current={area} />
      <SupportSearchBox action={pathTo(`${base}/search`)} label={t(`${area}.searchLabel`)} />
      <DetailScreen query={groups as DetailQuery<OutputOf<E>>} title={t(`${area}.title`)} variant="inline">
        {(list) => ((list as readonly unknown[]).length === 0 ? <StateMessage title={t(`${area}.empty`)} headingComponent="h2" variant="inline" /> : children(list))}
      </DetailScreen>
    </>
  );
}

/**
 * A support search page (quick help, FAQ): the header (`<area>.searchTitle`, "results for" once searched), the tabs,
 * the search box, then a prompt for an empty search or `children` with the endpoint's result for `?q=`.
 */
export function SupportSearchPage<E extends Endpoint<'query'>>({ area, base, endpoint, children }: { area: 'quickHelp' | 'faq'; base: SupportBase; endpoint: E; children: (result: OutputOf<E>, q: string) => ReactNode }) {
  const { t } = useTranslation('support');
  const lang = useSupportLang();
  const q = useSearchQuery();
  const result = useEndpointQuery(endpoint, (q ? { q, lang } : null) as BodyOf<E> | null, { keepPrevious: true });
  return (
    <>
      <PageHeader
        title={q ? t('search.titleFor', { q }) : t(`${area}.searchTitle`)}
        documentTitle={t(`${area}.searchTitle`)}
        breadcrumbs={[{ label: t(`${area}.title`), href: pathTo(base) }, { label: t(`${area}.searchTitle`) }]}
      />
      <SupportTabs current={area} />
      {q !== null ? <SupportSearchBox key={q} action={pathTo(`${base}/search`)} label={t(`${area}.searchLabel`)} initial={q} /> : null}
      {q === '' ? (
        <StateMessage title={t('search.prompt')} headingComponent="h2" variant="inline" />
      ) : q ? (
        <DetailScreen query={result as DetailQuery<OutputOf<E>>} title={t(`${area}.searchTitle`)} variant="inline">
          {(r) => children(r, q)}
        </DetailScreen>
      ) : null}
    </>
  );
}

export function HelpSearchScreen() {
  const { t } = useTranslation('support');
  return (
    <SupportSearchPage area="quickHelp" base={BASE} endpoint={c.searchHelp}>
      {(r, q) => <SearchHits result={r} hrefOf={(id) => pathTo('/customer-support/quick-help/[id]', { id })} empty={t('search.none', { q })} />}
    </SupportSearchPage>
  );
}
