import type { NextApiRequest, NextApiResponse } from 'next';
import NextAuth from 'next-auth';
import { buildAuthOptions } from '@/lib/server/auth/nextAuthOptions';

/** The one API file Next serves: next-auth's sign-in, sign-out, session and csrf under /api/auth. */
export default async function auth(req: NextApiRequest, res: NextApiResponse) {
  return NextAuth(req, res, buildAuthOptions());
}
