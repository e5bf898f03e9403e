/**
 * Survey opt-out (spec §7 `survey`): public, the signed link is the proof. Implemented in lib/server/api/survey.ts.
 * The browser calls these without the 401 handler (no session is involved).
 */
import { z } from 'zod';
import { defineContract, output } from '@/lib/contract';
import { reads, writes } from '@/lib/contract/grants';

/** Masked e-mail of the link's recipient and whether it has opted out. */
export type SurveyOptOutState = { email: string; optedOut: boolean; optedOutAt: string | null };

export const surveyTokenBodySchema = z.strictObject({ token: z.string().min(20).max(2048) });

const read = reads('public');
const write = writes('public', ['survey.getOptOut']);

export const surveyContract = defineContract('survey', {
  getOptOut: read(
    'Whether the recipient of a survey opt-out link has opted out (e-mail shown masked). The signed link is the proof; no account needed.',
    surveyTokenBodySchema,
    output<SurveyOptOutState>(),
  ),
  optOut: write('Opts the link’s recipient out of satisfaction surveys (idempotent).', surveyTokenBodySchema, output<SurveyOptOutState>()),
  optIn: write('Undoes an opt-out from the same link.', surveyTokenBodySchema, output<SurveyOptOutState>()),
});
