import { surveyContract } from '@/lib/survey/contract';
import { getSurveyOptOut, optBackInToSurveys, optOutOfSurveys } from '@/lib/server/services/survey/optOut';
import { implement } from './implement';

export const surveyRoutes = implement(surveyContract, {
  getOptOut: ({ db, config, body }) => getSurveyOptOut(db, config.apiTokenSecret, body.token),
  optOut: ({ db, config, body }) => optOutOfSurveys(db, config.apiTokenSecret, body.token),
  optIn: ({ db, config, body }) => optBackInToSurveys(db, config.apiTokenSecret, body.token),
});
