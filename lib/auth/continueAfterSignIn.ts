import type { NextRouter } from 'next/router';
import type { Session } from 'next-auth';
import type { SessionUpdate } from '@/lib/auth/sessionTypes';
import { landingPath } from '@/lib/navigation';
import { toGrants } from '@/lib/permissions/canAccess';
import { writePreferenceCookie } from '@/lib/theme/cookieStorage';
import { LOCALE_COOKIE } from '@/lib/theme/preferences';
import { pageAfterCustomerSwitch } from './afterCustomerSwitch';
import { deepLinkHref, deepLinkQuery, deepLinkUcpId, type DeepLink } from './deepLink';

type Update = (data: SessionUpdate) => Promise<Session | null>;

/**
 * Where a freshly signed-in user goes: the disclaimer first (once), then customer selection when none is chosen,
 * then the deep link (choosing the customer it names when the user may act for it) or home. Everything from here on
 * is in the user's preferred language (remembered in NEXT_LOCALE), the deep link kept.
 *
 * The preference is applied once, at sign-in (`atSignIn`): on the disclaimer and on a later customer switch the user
 * may have chosen another language since, and that choice stands.
 *
 * `switchedFrom` (a customer switch from the header): the page the user was on and the customer it was acting for;
 * without a deep link the user goes back to that page, or its area's list when it showed one of the previous
 * customer's records (`pageAfterCustomerSwitch`), instead of home.
 */
export async function continueAfterSignIn(
  router: NextRouter,
  session: Session,
  update: Update,
  link: DeepLink | null,
  { atSignIn = false, switchedFrom = null }: { atSignIn?: boolean; switchedFrom?: { page: DeepLink | null; ucpId: string | null } | null } = {},
): Promise<void> {
  const carry = deepLinkQuery(link);
  const preferred = session.profile.preferredLanguage;
  // A page already in Traditional Chinese was chosen (prefixed URL or remembered cookie): only the default
  // language gives way to the preference.
  const locale = atSignIn && preferred === 'tc' && router.locale !== 'tc' ? preferred : null;
  if (locale) writePreferenceCookie(LOCALE_COOKIE, locale);
  const go = (target: Parameters<NextRouter['replace']>[0]) => (locale ? router.replace(target, undefined, { locale }) : router.replace(target));
  if (session.profile.needsDisclaimer) {
    await go({ pathname: '/login/disclaimer', query: carry });
    return;
  }
  const wanted = deepLinkUcpId(link);
  let current = session;
  if (wanted && wanted !== current.currentUser.ucpId && current.profile.customerCount > 1) {
    const switched = await update({ ucpId: wanted }).catch(() => null);
    if (switched?.currentUser?.ucpId === wanted) current = switched;
  }
  if (!current.currentUser.ucpId) {
    await go({ pathname: '/login/select-ucp', query: carry });
    return;
  }
  const grants = toGrants(current.functionList);
  const back = switchedFrom ? pageAfterCustomerSwitch(switchedFrom.page, grants, switchedFrom.ucpId === current.currentUser.ucpId) : null;
  await go(link ? deepLinkHref(link) : (back ?? landingPath(grants)));
}
