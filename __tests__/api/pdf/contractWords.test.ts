import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CONTRACT_PDF_WORDS } from '@/lib/server/pdf/contractPdf';

/**
 * The contract summary PDF names what the contract page names in the page's words, in both languages. QA (tc): the
 * PDF's schedule said 已開帳單 / 未來 ("Upcoming") and its term 年期 where the page says 已開單 / 未開單 and 合約期, so the
 * customer comparing the two read two different schedules.
 */
const contracts = (locale: 'en' | 'tc') => JSON.parse(readFileSync(join(process.cwd(), 'public/locales', locale, 'contracts.json'), 'utf8'));

describe('contract summary PDF words', () => {
  const en = contracts('en');
  const tc = contracts('tc');

  it('names each schedule state as the page does', () => {
    for (const [state, words] of Object.entries(CONTRACT_PDF_WORDS.STATE)) {
      expect([state, ...words]).toEqual([state, en.schedule[`state_${state}`], tc.schedule[`state_${state}`]]);
    }
  });

  it('names the contract type, status and term as the page does', () => {
    for (const [type, words] of Object.entries(CONTRACT_PDF_WORDS.TYPE)) expect([type, ...words]).toEqual([type, en.type[type], tc.type[type]]);
    for (const [status, words] of Object.entries(CONTRACT_PDF_WORDS.STATUS)) expect([status, ...words]).toEqual([status, en.status[status], tc.status[status]]);
    expect(CONTRACT_PDF_WORDS.term).toEqual([en.detail.term, tc.detail.term]);
  });
});
