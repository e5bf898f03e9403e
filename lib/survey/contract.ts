/**
 * Survey opt-out (spec §7 `survey`): public, the signed link is the proof. Implemented in lib/server/api/survey.ts.
 * The browser calls these without the 401 handler (no session is involved).
 */
import { z } from 'zod';
import { defineContract, mutation, output, query } from '@/lib/contract';

/** Masked e-mail of the link's recipient and whether it has opted out. */
export type SurveyOptOutState = { email: string; optedOut: boolean; optedOutAt: string | null };

export const surveyTokenBodySchema = z.strictObject({ token: z.string().min(20).max(2048) });

export const surveyContract = defineContract('survey', {
  getOptOut: query({
    summary: 'Whether the recipient of a survey opt-out link has opted out (e-mail shown masked). The signed link is the proof; no account needed.',
    permission: 'public',
    body: surveyTokenBodySchema,
    output: output<SurveyOptOutState>(),
  }),
  optOut: mutation({
    summary: 'Opts the link’s recipient out of satisfaction surveys (idempotent).',
    permission: 'public',
    body: surveyTokenBodySchema,
    output: output<SurveyOptOutState>(),
    invalidates: ['survey.getOptOut'],
  }),
  optIn: mutation({
    summary: 'Undoes an opt-out from the same link.',
    permission: 'public',
    body: surveyTokenBodySchema,
    output: output<SurveyOptOutState>(),
    invalidates: ['survey.getOptOut'],
  }),
});
