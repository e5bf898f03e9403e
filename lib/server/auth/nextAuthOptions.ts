import type { NextAuthOptions } from 'next-auth';
import CredentialsProvider from 'next-auth/providers/credentials';
import type { PortalSessionFields, SessionUpdate } from '@/lib/auth/sessionTypes';
import { getDbHandle } from '@/lib/server/db/runtime';
import { isAppError } from '@/lib/server/errors';
import { CLIENT_IP_HEADER, getServerConfig } from '@/lib/server/runtimeConfig';
import { acceptDisclaimer, authenticate, refreshGrant, selectCustomer, type SessionGrant } from '@/lib/server/services/auth';

const toFields = (g: SessionGrant): PortalSessionFields => ({
  jwtToken: g.jwtToken,
  functionList: g.functionList,
  currentUser: { userAcUuid: g.userAcUuid, ucpId: g.ucpId },
  skipmfa: g.skipMfa,
  profile: {
    loginId: g.loginId,
    name: g.name,
    isProviderStaff: g.isProviderStaff,
    needsDisclaimer: g.needsDisclaimer,
    customerCount: g.customerCount,
    mfaEnabled: g.mfaEnabled,
    fontSize: g.fontSize,
    preferredLanguage: g.preferredLanguage,
  },
  tokenExp: g.tokenExp,
});

/** next-auth only passes a message string through to the client: our error code is that string. */
const codeOf = (err: unknown): string => (isAppError(err) ? err.code : 'INTERNAL');

export function buildAuthOptions(): NextAuthOptions {
  const config = getServerConfig();
  return {
    secret: config.nextAuthSecret,
    session: { strategy: 'jwt', maxAge: config.apiTokenTtlSeconds },
    jwt: { maxAge: config.apiTokenTtlSeconds },
    pages: { signIn: '/login', error: '/login' },
    useSecureCookies: config.isProduction && (process.env.NEXTAUTH_URL ?? '').startsWith('https://'),
    providers: [
      CredentialsProvider({
        id: 'credentials',
        name: 'Portal',
        credentials: {
          loginId: { type: 'text' },
          password: { type: 'password' },
          totp: { type: 'text' },
        },
        async authorize(credentials, req) {
          const loginId = typeof credentials?.loginId === 'string' ? credentials.loginId.slice(0, 254) : '';
          const password = typeof credentials?.password === 'string' ? credentials.password.slice(0, 256) : '';
          const totp = typeof credentials?.totp === 'string' && credentials.totp ? credentials.totp.slice(0, 12) : undefined;
          const header = req?.headers?.[CLIENT_IP_HEADER];
          const clientIp = (Array.isArray(header) ? header[0] : header) || 'unknown';
          try {
            const grant = await authenticate(getDbHandle().db, config, { loginId, password, totp, clientIp });
            return { id: grant.userAcUuid, ...grant };
          } catch (err) {
            throw new Error(codeOf(err));
          }
        },
      }),
    ],
    callbacks: {
      async jwt({ token, user, trigger, session }) {
        if (user) return { ...token, grant: toFields(user as unknown as SessionGrant) };
        if (trigger === 'update' && token.grant && session) {
          const update = session as SessionUpdate;
          const db = getDbHandle().db;
          const current = token.grant;
          try {
            if ('ucpId' in update && typeof update.ucpId === 'string') {
              try {
                return { ...token, grant: toFields(await selectCustomer(db, config, { jwtToken: current.jwtToken, ucpId: update.ucpId })) };
              } catch (err) {
                // A customer the user is not linked to (a deep link for someone else's customer) keeps the session as
                // it was: the caller sees the unchanged customer and says so. A dead token still ends it below.
                if (isAppError(err) && err.http !== 401 && err.code !== 'TOKEN_EXPIRED') return token;
                throw err;
              }
            }
            if ('jwtToken' in update && typeof update.jwtToken === 'string') {
              // refreshGrant verifies the signature and the token version: a forged or stale token is refused.
              const next = await refreshGrant(db, config, { jwtToken: update.jwtToken });
              if (next.userAcUuid !== current.currentUser.userAcUuid) return token;
              return { ...token, grant: toFields(next) };
            }
            if ('disclaimerAccepted' in update) {
              // The token first (as the API would: signature, version, user active): a session revoked meanwhile
              // (signed out everywhere, password changed, account disabled) ends below without writing anything.
              await refreshGrant(db, config, { jwtToken: current.jwtToken });
              await acceptDisclaimer(db, { userAcUuid: current.currentUser.userAcUuid });
            }
            return { ...token, grant: toFields(await refreshGrant(db, config, { jwtToken: current.jwtToken })) };
          } catch (err) {
            // A revoked or expired API token ends the browser session too.
            if (isAppError(err) && (err.http === 401 || err.code === 'TOKEN_EXPIRED')) return { ...token, grant: undefined };
            throw err;
          }
        }
        return token;
      },
      async session({ session, token }) {
        const grant = token.grant;
        if (!grant) return { ...session, expires: new Date(0).toISOString() };
        return { ...session, ...grant, user: { name: grant.profile.name, email: grant.profile.loginId } };
      },
      redirect({ url, baseUrl }) {
        // Only same-origin relative paths; anything else (absolute, //host, /\host) goes home.
        if (/^\/(?![/\\])/.test(url)) return `${baseUrl}${url}`;
        try {
          if (new URL(url).origin === baseUrl) return url;
        } catch {
          /* malformed: fall through */
        }
        return baseUrl;
      },
    },
  };
}
