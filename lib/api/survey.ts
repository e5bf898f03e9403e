import { apiPost } from './client';

export type SurveyOptOutState = { email: string; optedOut: boolean; optedOutAt: string | null };

// The link is the proof: these calls carry no session and must not raise the session-expired dialog.
const opts = { disableErrorHandler: true } as const;
export const getSurveyOptOut = (token: string) => apiPost<SurveyOptOutState>('/api/survey/getOptOut', { token }, opts);
export const optOutOfSurveys = (token: string) => apiPost<SurveyOptOutState>('/api/survey/optOut', { token }, opts);
export const optInToSurveys = (token: string) => apiPost<SurveyOptOutState>('/api/survey/optIn', { token }, opts);
