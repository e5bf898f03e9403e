import { useDeferredValue, useEffect, useRef, useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import NextLink from 'next/link';
import { useRouter } from 'next/router';
import { useTranslation } from 'next-i18next/pages';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { Spinner } from '@/components/app/Spinner';
import { StateMessage } from '@/components/common/StateMessage';
import { currentDeepLink, deepLinkQuery, returnToQuery } from '@/lib/auth/deepLink';
import { apiErrorOf, endpointQuery, signOut, useSession } from '@/lib/api/query';
import { checkTokenContract } from '@/lib/auth/contract';
import { toGrants } from '@/lib/permissions/canAccess';
import { decideRoute, findRoute } from '@/lib/permissions/routes';
import { landingPath } from '@/lib/navigation';
import { pathTo } from '@/lib/paths';

function Waiting() {
  const { t } = useTranslation('common');
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', py: 10 }}>
      <Spinner label={t('loading')} />
    </Box>
  );
}

/**
 * A page the user's functions do not open: say so, with a way on — the user's home page (the landing page their
 * functions allow) and, when the tab has somewhere to go back to, Back.
 */
export function NoPermission({ home }: { home: string }) {
  const { t } = useTranslation('common');
  const router = useRouter();
  // Rendered only on the client (the guard waits for the session first), so the tab's history can be read here.
  const [canGoBack] = useState(() => typeof window !== 'undefined' && window.history.length > 1);
  const showHome = router.pathname !== home;
  return (
    <StateMessage
      title={t('no_permission_to_access')}
      role="alert"
      action={
        showHome || canGoBack ? (
          <Box sx={{ display: 'flex', gap: 1, justifyContent: 'center', flexWrap: 'wrap' }}>
            {showHome ? (
              <Button variant="contained" component={NextLink} href={home}>
                {t('deepLinkCustomer.goHome')}
              </Button>
            ) : null}
            {canGoBack ? (
              <Button variant="outlined" onClick={() => router.back()}>
                {t('ui.back')}
              </Button>
            ) : null}
          </Box>
        ) : undefined
      }
    />
  );
}

/** A deep link names a customer this account cannot act for: say so, instead of showing another customer's page. */
function CustomerNotLinked({ ucpId, home }: { ucpId: string; home: string }) {
  const { t } = useTranslation('common');
  const router = useRouter();
  return (
    <StateMessage
      title={t('deepLinkCustomer.notLinkedTitle')}
      role="alert"
      action={
        <Button variant="contained" onClick={() => router.push(home)}>
          {t('deepLinkCustomer.goHome')}
        </Button>
      }
    >
      {t('deepLinkCustomer.notLinkedHelp', { ucpId })}
    </StateMessage>
  );
}

/**
 * Signed out on a protected page. "Sign in" comes back to it: a deep-link page as its deep link (spec §4), any other
 * page as `returnTo`, like the session-expired dialog's "Sign in again" (a bookmarked meter history or order list
 * otherwise landed on home after signing in).
 */
function SessionMissing() {
  const { t } = useTranslation(['common', 'error']);
  const router = useRouter();
  const link = currentDeepLink(router.asPath);
  const query = link ? deepLinkQuery(link) : returnToQuery(router.asPath, null, 0);
  return (
    <StateMessage
      title={t('error:A001')}
      role="alert"
      action={
        <Button variant="contained" onClick={() => router.push({ pathname: pathTo('/login'), query })}>
          {t('common:signIn')}
        </Button>
      }
    >
      {t('common:sessionMissingHelp')}
    </StateMessage>
  );
}

/**
 * The `_app` guard (spec §2, §4): nothing is shown until the session and its function list have loaded; then the one
 * route table decides. Authorization of data is the API's job; this only decides what to render.
 */
export function RouteGuard({ children, wrap = (node) => node }: { children: ReactNode; wrap?: (node: ReactNode) => ReactNode }) {
  const router = useRouter();
  const { data: session, status, update } = useSession();
  const rule = findRoute(router.pathname);
  const isPublic = !rule || rule.isPublic === true;
  const ucpid = typeof router.query.ucpid === 'string' ? router.query.ucpid : null;
  const redirecting = useRef(false);

  const needsDeepLinkCheck = status === 'authenticated' && !isPublic && rule?.deepLink === true && ucpid !== null;
  // Spec §4: on a deep-linkable page with ucpid, the token-expiry check comes first. Checked once per page and ucpid,
  // not per URL (a list that keeps its paging in the query must not remount); a 401 is handled here, not globally.
  const checkKey = `${router.pathname}|${ucpid ?? ''}`;
  const check = endpointQuery(checkTokenContract.endpoints.checkTokenExpiration, {}, { disableErrorHandler: true });
  const tokenCheck = useQuery({ ...check, queryKey: [...check.queryKey, 'deepLink', checkKey], enabled: needsDeepLinkCheck, retry: false, staleTime: Infinity });
  const tokenError = apiErrorOf(tokenCheck.error);
  const tokenLost = tokenError?.status === 401 ? tokenError.code : null;
  // Any other outcome (even a network failure) lets the page load: its own calls will meet the same problem.
  const deepLinkChecked = tokenCheck.isSuccess || (tokenCheck.isError && tokenLost === null);

  // A signed-in user opening a deep link for another customer: switch to it (token re-issued, as the customer switch
  // does) when the user is linked to it, else say so. Tried once per ucpid. Provider staff act for the provider.
  const currentUcp = session?.currentUser.ucpId ?? null;
  const otherCustomer =
    needsDeepLinkCheck && deepLinkChecked && !session?.profile.needsDisclaimer && !session?.profile.isProviderStaff && currentUcp !== null && ucpid !== currentUcp ? ucpid : null;
  const [notLinked, setNotLinked] = useState<string | null>(null);
  const switchTried = useRef<string | null>(null);
  useEffect(() => {
    // A user with one customer cannot be linked to another: nothing to try.
    if (!otherCustomer || switchTried.current === otherCustomer || !session || session.profile.customerCount <= 1) return;
    switchTried.current = otherCustomer;
    void update({ ucpId: otherCustomer })
      .catch(() => null)
      .then((next) => {
        if (next?.currentUser?.ucpId !== otherCustomer) setNotLinked(otherCustomer);
      });
  }, [otherCustomer, session, update]);

  useEffect(() => {
    if (!router.isReady || isPublic || redirecting.current) return;
    const link = currentDeepLink(router.asPath);
    if (status === 'unauthenticated' && rule?.deepLink && ucpid) {
      // Spec §4: a signed-out deep link with ucpid goes through /weblogin, carrying the link and its parameters.
      redirecting.current = true;
      void signOut({ redirect: false }).finally(() => router.replace({ pathname: pathTo('/weblogin'), query: deepLinkQuery(link) }));
      return;
    }
    if (status !== 'authenticated' || !session) return;
    if (session.profile.needsDisclaimer) {
      redirecting.current = true;
      void router.replace({ pathname: pathTo('/login/disclaimer'), query: deepLinkQuery(link) });
      return;
    }
    if (!session.currentUser.ucpId) {
      redirecting.current = true;
      void router.replace({ pathname: pathTo('/login/select-ucp'), query: deepLinkQuery(link) });
      return;
    }
    if (needsDeepLinkCheck && tokenLost) {
      redirecting.current = true;
      void signOut({ redirect: false }).finally(() => router.replace({ pathname: pathTo('/login'), query: { ...deepLinkQuery(link), error: tokenLost } }));
    }
  }, [router, router.isReady, router.asPath, status, session, isPublic, rule, ucpid, needsDeepLinkCheck, tokenLost]);

  useEffect(() => {
    redirecting.current = false;
  }, [router.pathname]);

  // The page is shown once the session allows it (below). Its first showing is rendered as a deferred update: the
  // session arrives through a store subscription, which React renders at once and in one piece, and the whole page
  // (layout, header, content, every style) rendered in one task blocked the main thread for seconds on a phone.
  // Deferred, React renders it in slices of a few milliseconds between which the browser stays responsive; the
  // spinner stays until the page is ready to commit. Later changes (another page, a refetched session) are not deferred.
  const allowed = !isPublic && !!session && router.isReady && !!session.currentUser.ucpId && !session.profile.needsDisclaimer;
  const shown = useDeferredValue(allowed);

  // `wrap` adds the page's layout once the function list is known (its navigation depends on it).
  if (isPublic) return <>{wrap(children)}</>;
  // `update()` (customer switch, disclaimer, password change) sets status to loading while the session is still
  // there: keep the page mounted then, and wait only when there is no session yet.
  if ((status === 'loading' && !session) || !router.isReady) return <Waiting />;
  if (!session) return rule?.deepLink && ucpid ? <Waiting /> : <SessionMissing />;
  if (session.profile.needsDisclaimer || !session.currentUser.ucpId) return <Waiting />;
  if (needsDeepLinkCheck && !deepLinkChecked) return <Waiting />;
  if (otherCustomer && (notLinked === otherCustomer || session.profile.customerCount <= 1)) {
    return <>{wrap(<CustomerNotLinked ucpId={otherCustomer} home={landingPath(toGrants(session.functionList))} />)}</>;
  }
  if (otherCustomer) return <Waiting />;
  if (!shown) return <Waiting />;
  const grants = toGrants(session.functionList);
  if (decideRoute(grants, router.pathname) !== 'allow') return <>{wrap(<NoPermission home={landingPath(grants)} />)}</>;
  return <>{wrap(children)}</>;
}
