import type { PortalSessionFields } from '@/lib/auth/sessionTypes';

declare module 'next-auth' {
  // next-auth's own declarations are interfaces: augmenting them needs the same form.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface Session extends PortalSessionFields {
    expires: string;
  }
}

declare module 'next-auth/jwt' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface JWT {
    grant?: PortalSessionFields;
  }
}
