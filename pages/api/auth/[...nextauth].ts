import type { NextApiRequest, NextApiResponse } from 'next';
import NextAuth, { type NextAuthOptions } from 'next-auth';
import { buildAuthOptions } from '@/lib/server/auth/nextAuthOptions';

// Built on the first request (the config registry is filled by server.ts before Next serves anything), then reused.
let options: NextAuthOptions | undefined;

/** The one API file Next serves: next-auth's sign-in, sign-out, session and csrf under /api/auth. */
export default async function auth(req: NextApiRequest, res: NextApiResponse) {
  options ??= buildAuthOptions();
  return NextAuth(req, res, options);
}
