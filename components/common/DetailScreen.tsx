import type { ReactNode } from 'react';
import { useRouter } from 'next/router';
import type { TFunction } from 'i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import NextLink from 'next/link';
import { useTranslation } from 'next-i18next/pages';
import type { BodyOf, Endpoint, OutputOf } from '@/lib/contract';
import { useEndpointQuery, type EndpointQueryOptions } from '@/lib/api/query';
import type { ApiError } from '@/lib/api/types';
import { errorKey } from '@/lib/errors';
import { joinSentences } from '@/lib/i18n/locales';
import { PageHeader, type PageHeaderProps } from './PageHeader';
import { StateMessage } from './StateMessage';

/** What DetailScreen reads of a query result (`useEndpointQuery(...)` gives all of it). */
export type DetailQuery<T> = {
  data: T | undefined;
  apiError: ApiError | null;
  /** A failure being retried every 5 s by the query layer (network, time-out, 5xx). */
  retrying: ApiError | null;
  refetch: () => unknown;
};

/** A record that is not there: unknown or another customer's id (NOT_FOUND), or an id that is not one (VALIDATION). */
export const isNotFound = (error: ApiError | null): boolean => error?.code === 'NOT_FOUND' || error?.code === 'VALIDATION';

type CommonProps<T> = {
  /** The h1 while loading (the failure states use their own title as h1; the loaded page sets its header in `children`). */
  title: string;
  /** The way back (usually the list); shown in every state. */
  back?: { href: string; label?: string };
  /** Not-found texts (default `ui.detail.notFoundTitle` / `ui.detail.notFoundBody`). */
  notFoundTitle?: string;
  notFoundBody?: string;
  /** Load-failure title (default `ui.detail.errorTitle`). */
  errorTitle?: string;
  /** `inline`: inside a dialog or panel (no page header, h2 headings). */
  variant?: 'page' | 'inline';
  /** The loaded record. */
  children: (data: T) => ReactNode;
};

export type DetailScreenProps<T> = CommonProps<T> & {
  query: DetailQuery<T>;
  /** The route names no record (a `?contract=` page opened without it): "not found" at once, not a load forever. */
  missing?: boolean;
};

/**
 * The states of one record's screen: loading, not found (with the way back), failed (translated, with "try again",
 * and "trying again every 5 s" while the query layer retries), then `children(data)`.
 *
 * @example
 * const order = useRouteRecord(ordersContract.endpoints.getOrder);
 * return <DetailScreen query={order} title={t('orders.title')} back={{ href: '/my-orders/manage' }}>{(o) => <OrderView order={o} />}</DetailScreen>;
 */
export function DetailScreen<T>({ query, title, back, notFoundTitle, notFoundBody, errorTitle, variant = 'page', missing = false, children }: DetailScreenProps<T>) {
  const { t, i18n } = useTranslation(['common', 'error']);
  const inline = variant === 'inline';
  const header = (h1: string) => (inline ? null : <PageHeader title={h1} {...(back ? { back } : {})} />);
  const notFound = notFoundTitle ?? t('ui.detail.notFoundTitle');
  const failed = errorTitle ?? t('ui.detail.errorTitle');
  // The page header has the back link; inside a dialog the state offers it itself.
  const backLink = back && inline ? (
      <Button component={NextLink} href={back.href}>
        {back.label ?? t('ui.back')}
      </Button>
    ) : null;

  if (query.data !== undefined && query.data !== null) return <>{children(query.data)}</>;

  // On a page the h1 says "Contract not found" / "Could not load this page"; the panel under it does not say it again
  // (QA: "Contract not found" twice). Inline (no page header) the panel's own heading is the only one.
  const panelTitle = (text: string) => (inline ? text : undefined);

  const error = query.apiError;
  if (missing || (error && isNotFound(error))) {
    return (
      <>
        {header(notFound)}
        <StateMessage title={panelTitle(notFound)} headingComponent={inline ? 'h3' : 'h2'} variant={inline ? 'inline' : 'page'} action={backLink ?? undefined}>
          {notFoundBody ?? t('ui.detail.notFoundBody')}
        </StateMessage>
      </>
    );
  }
  if (error) {
    return (
      <>
        {header(failed)}
        <StateMessage
          title={panelTitle(failed)}
          role="alert"
          headingComponent={inline ? 'h3' : 'h2'}
          variant={inline ? 'inline' : 'page'}
          action={<Button variant="outlined" onClick={() => void query.refetch()}>{t('ui.retry')}</Button>}
        >
          {t(errorKey(error.code))}
        </StateMessage>
      </>
    );
  }
  return (
    <>
      {header(title)}
      <LinearProgress aria-label={t('ui.table.loading')} />
      {query.retrying ? (
        <Alert
          severity="warning"
          role="alert"
          sx={{ mt: 2 }}
          action={
            <Button color="inherit" size="small" onClick={() => void query.refetch()}>
              {t('ui.retry')}
            </Button>
          }
        >
          {joinSentences(i18n.language, t(errorKey(query.retrying.code)), t('ui.detail.retrying', { seconds: 5 }))}
        </Alert>
      ) : null}
    </>
  );
}

/**
 * The texts of a record's screen kept under one key prefix (`contracts:detail`): `.title` with the loaded record's
 * values, `.titleLoading` before, `.notFoundTitle`, `.notFoundBody`, and `.back` naming the way back to `backHref`.
 */
export function detailTexts(t: TFunction, prefix: string, values: Record<string, string> | null | undefined, backHref: string) {
  return {
    ...detailHeader(t, prefix, values, backHref),
    notFoundTitle: t(`${prefix}.notFoundTitle`),
    notFoundBody: t(`${prefix}.notFoundBody`),
  };
}

/** The header texts alone (`title`, `back`), for the loaded record's own `PageHeader`. */
export function detailHeader(t: TFunction, prefix: string, values: Record<string, string> | null | undefined, backHref: string) {
  return {
    title: values ? t(`${prefix}.title`, values) : t(`${prefix}.titleLoading`),
    back: { href: backHref, label: t(`${prefix}.back`) },
  };
}

/** The namespace of a key prefix (`contracts:detail` → `contracts`; `common` when it names none). */
const namespaceOf = (prefix: string) => (prefix.includes(':') ? prefix.slice(0, prefix.indexOf(':')) : 'common');

/** Where a record's texts are (`detailTexts`): the key prefix, the values of its `.title`, and the list it came from. */
type DetailTextsOf<T> = { prefix: string; values: (data: T) => Record<string, string>; backHref: string };

/**
 * The DetailScreen of a `[id]` page whose texts are kept under one prefix: reads `endpoint` with the route's id
 * (`useRouteRecord`), and takes its loading / not-found / back texts from `detailTexts`.
 */
export function RouteDetailScreen<E extends Endpoint<'query'>>({ endpoint, prefix, values, backHref, children }: DetailTextsOf<OutputOf<E>> & { endpoint: E; children: (data: OutputOf<E>) => ReactNode }) {
  const { t } = useTranslation(namespaceOf(prefix));
  const query = useRouteRecord(endpoint) as DetailQuery<OutputOf<E>>;
  return (
    <DetailScreen query={query} {...detailTexts(t, prefix, query.data && values(query.data), backHref)}>
      {children}
    </DetailScreen>
  );
}

/**
 * The loaded record's page (the `children` of a DetailScreen whose texts are under `prefix`): its own h1, way back,
 * subtitle and actions, then its sections. DetailScreen draws the header only while loading or failing.
 */
export function DetailPage({
  prefix,
  values,
  backHref,
  children,
  ...header
}: { prefix: string; values: Record<string, string>; backHref: string; children: ReactNode } & Pick<PageHeaderProps, 'subtitle' | 'actions'>) {
  const { t } = useTranslation(namespaceOf(prefix));
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <PageHeader {...detailHeader(t, prefix, values, backHref)} {...header} />
      {children}
    </Box>
  );
}

/** DetailScreen that reads `endpoint` with `body` itself (`body` null waits, e.g. for the route's id). */
export function EndpointDetailScreen<E extends Endpoint<'query'>>({ endpoint, body, ...rest }: CommonProps<OutputOf<E>> & { endpoint: E; body: BodyOf<E> | null }) {
  const query = useEndpointQuery(endpoint, body);
  return <DetailScreen query={query as DetailQuery<OutputOf<E>>} {...rest} />;
}

/** The `[id]` (or another) parameter of a dynamic route once the router knows it, else null. */
export function useRouteId(param = 'id'): string | null {
  const router = useRouter();
  const value = router.isReady ? router.query[param] : undefined;
  return typeof value === 'string' && value ? value : null;
}

/**
 * The record a `[id]` page shows: the endpoint read with `{ id }` from the route, idle until the router knows it;
 * `options` as for `useEndpointQuery` (a silent request, reading again while something is under way).
 */
export function useRouteRecord<E extends Endpoint<'query'>>(endpoint: E, options: EndpointQueryOptions<E> = {}, param = 'id') {
  const id = useRouteId(param);
  return useEndpointQuery(endpoint, (id ? { id } : null) as BodyOf<E> | null, options);
}
