import { cookiesContract } from '@/lib/auth/contract';
import { implement } from './implement';

const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

/** Values are enum members (letters only), so no encoding is needed and no attribute can be injected. */
export function cookieHeader(name: string, value: string, secure: boolean): string {
  return `${name}=${value}; Path=/; Max-Age=${ONE_YEAR_SECONDS}; SameSite=Lax${secure ? '; Secure' : ''}`;
}

export const cookieRoutes = implement(cookiesContract, {
  setCookies: async ({ body, config, setHeader }) => {
    const entries = Object.entries(body).flatMap(([name, value]) => (value === undefined ? [] : [[name, value] as const]));
    setHeader('Set-Cookie', entries.map(([name, value]) => cookieHeader(name, value, config.isProduction)));
    return { set: entries.map(([name]) => name) };
  },
});
