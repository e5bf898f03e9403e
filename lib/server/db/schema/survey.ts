import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Satisfaction-survey opt-outs, by e-mail address (lower-cased): a survey e-mail carries a signed opt-out link
 * (/survey/optput?token=…), and a recipient need not have a portal account (docs/survey.md).
 */
export const surveyOptOuts = pgTable('survey_opt_outs', {
  email: text('email').primaryKey(),
  ucpId: text('ucp_id'),
  optedOutAt: timestamp('opted_out_at', { withTimezone: true }).notNull().defaultNow(),
});
