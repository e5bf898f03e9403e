import { z } from 'zod';
import { getSurveyOptOut, optBackInToSurveys, optOutOfSurveys } from '@/lib/server/services/survey/optOut';
import { defineHandler } from './defineHandler';

const tokenBody = z.strictObject({ token: z.string().min(20).max(2048) });

export const surveyRoutes = {
  '/api/survey/getOptOut': defineHandler({
    summary: 'Whether the recipient of a survey opt-out link has opted out (e-mail shown masked). The signed link is the proof; no account needed.',
    permission: 'public',
    body: tokenBody,
    handler: ({ db, config, body }) => getSurveyOptOut(db, config.apiTokenSecret, body.token),
  }),
  '/api/survey/optOut': defineHandler({
    summary: 'Opts the link’s recipient out of satisfaction surveys (idempotent).',
    permission: 'public',
    body: tokenBody,
    handler: ({ db, config, body }) => optOutOfSurveys(db, config.apiTokenSecret, body.token),
  }),
  '/api/survey/optIn': defineHandler({
    summary: 'Undoes an opt-out from the same link.',
    permission: 'public',
    body: tokenBody,
    handler: ({ db, config, body }) => optBackInToSurveys(db, config.apiTokenSecret, body.token),
  }),
};
