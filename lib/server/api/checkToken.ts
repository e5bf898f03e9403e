import { z } from 'zod';
import { defineHandler } from './defineHandler';

export const checkTokenRoutes = {
  '/api/checkToken/checkTokenExpiration': defineHandler({
    summary: 'Answers when the token is valid (signature, expiry, not revoked); the router answers 401 otherwise.',
    permission: 'authenticated',
    silent: true,
    body: z.strictObject({}),
    handler: async ({ principal }) => ({ valid: true, expiresAt: new Date(principal.tokenExp * 1000).toISOString() }),
  }),
};
