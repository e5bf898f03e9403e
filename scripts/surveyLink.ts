/**
 * Prints a survey opt-out link for an e-mail address: what a survey mailer puts in its e-mails.
 * `npm run survey:link -- someone@example.hk [UCPID] [https://portal.example.hk]`
 */
import { loadConfig } from '@/lib/server/config';
import { createSurveyOptOutToken } from '@/lib/server/services/survey/optOut';

async function main() {
  const [email, ucpId, base = process.env.NEXTAUTH_URL ?? 'http://localhost:3000'] = process.argv.slice(2);
  if (!email || !email.includes('@')) {
    console.error('usage: npm run survey:link -- <email> [ucpId] [base url]');
    process.exit(2);
  }
  const config = loadConfig();
  const token = await createSurveyOptOutToken(config.apiTokenSecret, email, ucpId ?? null);
  console.log(`${base.replace(/\/$/, '')}/survey/optput?token=${encodeURIComponent(token)}`);
}

void main();
