import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

/** The glossary of docs/ui-components.md ("Wording"): checked over every namespace file. */
const dir = (locale: string) => join(process.cwd(), 'public/locales', locale);
const files = (locale: string) => readdirSync(dir(locale)).filter((f) => f.endsWith('.json'));

/** Every string of a namespace file with its key path. */
function strings(value: unknown, path = ''): [string, string][] {
  if (typeof value === 'string') return [[path, value]];
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => strings(v, path ? `${path}.${k}` : k));
  return [];
}
const all = (locale: string) => files(locale).flatMap((f) => strings(JSON.parse(readFileSync(join(dir(locale), f), 'utf8'))).map(([k, v]) => [`${f}:${k}`, v] as const));

describe('wording (issue 10 minor: one form of address, one "required")', () => {
  it('Traditional Chinese addresses the user as 您, never 你', () => {
    expect(all('tc').filter(([, v]) => v.includes('你')).map(([k]) => k)).toEqual([]);
  });

  it('"this field is required" has one wording per language', () => {
    const required = (locale: string) => new Set(all(locale).filter(([k]) => /validation\.required$/.test(k)).map(([, v]) => v));
    expect([...required('en')]).toEqual(['This field is required.']);
    expect([...required('tc')]).toEqual(['此欄位必須填寫。']);
  });

  // QA (tc, a machine's page): its service history named the statuses and fault types in words of its own
  // (已委派工程師, 已完成, 打印質素) beside the service requests' (已指派工程師, 已結案, 列印質素).
  it.each(['en', 'tc'])('a machine page names service requests as the service request pages do (%s)', (locale) => {
    const ns = (name: string) => JSON.parse(readFileSync(join(dir(locale), `${name}.json`), 'utf8'));
    expect(ns('machines').serviceCategory).toEqual(ns('serviceRequests').category);
    // Statuses come from common:status (StatusChip's words, as the lists use), not a copy.
    expect(ns('machines').serviceStatus).toBeUndefined();
  });

  // QA (tc): a customer's record in customer maintenance called a rental 租用 and a lease 租賃, the word the customer's
  // contract page and its PDF use for a rental (lease: 租約), so staff and customer named one contract two ways.
  it.each(['en', 'tc'])('customer maintenance names contract types and states as the contract pages do (%s)', (locale) => {
    const ns = (name: string) => JSON.parse(readFileSync(join(dir(locale), `${name}.json`), 'utf8'));
    expect(ns('customers').contractType).toEqual(ns('contracts').type);
    expect(ns('customers').contractStatus).toEqual(ns('contracts').status);
  });

  // QA (tc): a shipment's chip said 已發送 ("sent") where its steps say 已發貨, and a removed machine on a customer's
  // record read 已移除 where the machine pages say 已撤機.
  it.each(['en', 'tc'])('one state, one word: a dispatched shipment and a removed machine (%s)', (locale) => {
    const ns = (name: string) => JSON.parse(readFileSync(join(dir(locale), `${name}.json`), 'utf8'));
    expect(ns('common').status.dispatched).toBe(ns('orders').tracking.steps.dispatched);
    expect(ns('customers').machineStatus.removed).toBe(ns('machines').status.removed);
  });

  // QA (tc): the admin landing's card said 合約續約記錄 for the page its menu calls 客戶合約續約紀錄.
  it('Chinese admin landing cards carry their page’s name (or the end of it) as the menu writes it', () => {
    const ns = (name: string) => JSON.parse(readFileSync(join(dir('tc'), `${name}.json`), 'utf8'));
    const nav = ns('common').nav as Record<string, string>;
    const areas = Object.entries(ns('admin').landing.areas as Record<string, { title: string }>).filter(([k]) => nav[k]);
    expect(areas.length).toBeGreaterThan(10);
    expect(areas.filter(([k, a]) => !nav[k]!.endsWith(a.title)).map(([k, a]) => `${k}: ${a.title} / ${nav[k]}`)).toEqual([]);
  });

  it('the sign-in code hint says the authenticator app shows the code (for this portal), as the English does', () => {
    const tc = Object.fromEntries(all('tc'));
    // QA: 「輸入本平台顯示的驗證碼」 read as "the code this platform displays".
    expect(tc['auth.json:login.totpHelp']).toBe('請開啟您的驗證器應用程式，輸入應用程式為本平台顯示的驗證碼。');
  });

  // QA: the enquiry form said "a valid email address" beside "E-mail" labels and the transfer form's "e-mail".
  it('English writes "e-mail" (the labels’ word), except for a CSV column name and a {{email}} placeholder', () => {
    const odd = all('en').filter(([k, v]) => !k.startsWith('users.json:import.') && /\bemail\b/i.test(v.replace(/\{\{email\}\}/g, '')));
    expect(odd.map(([k]) => k)).toEqual([]);
  });

  // QA: a request's page labelled its value "Location in the premises (e.g. 3/F store room)": the form's example.
  it('an account-change field label carries no example (the request pages show it beside the value); the form’s hint does', () => {
    for (const locale of ['en', 'tc']) {
      const labels = all(locale).filter(([k]) => k.startsWith('accountChanges.json:fields.') && !k.endsWith('Hint'));
      expect(labels.filter(([, v]) => /e\.g\.|例如/.test(v)).map(([k]) => k)).toEqual([]);
    }
  });

  it('Chinese says a renewal can be asked for from the day its window opens, not that the renewal starts then', () => {
    const tc = Object.fromEntries(all('tc'));
    // QA: 「續約將於2028年11月30日開始」 read as "the new term starts on 30 Nov 2028" (the contract ends 28 Feb 2029).
    expect(tc['renewal.json:reason.outside_window']).toBe('可於{{date}}起申請續約');
  });

  it('"bill" is 帳單 everywhere in Chinese: locale files, seeded help content and the enquiry topics (never 賬單)', () => {
    expect(all('tc').filter(([, v]) => v.includes('賬單')).map(([k]) => k)).toEqual([]);
    // Texts the server writes: the demo content (quick help, FAQ, …) and the contact form's topic names.
    const seedDir = join(process.cwd(), 'lib/server/db/seedData');
    const sources = [
      ...readdirSync(seedDir).filter((f) => f.endsWith('.ts')).map((f) => join(seedDir, f)),
      join(process.cwd(), 'lib/server/services/support/enquiries.ts'),
    ];
    expect(sources.filter((f) => readFileSync(f, 'utf8').includes('賬單'))).toEqual([]);
  });

  // QA (tc): the same thing under two names, a reader takes them for two things. The user list called two-step
  // verification 雙重認證 (the user and account pages 雙重驗證, the sign-in page 兩步驗證), the change-request pages
  // promised news in the 收件箱 (the header's 收件匣), the preferences card named the portal 入門網站 ("beginners'
  // site"), and the statement PDF and the help content wrote 賬齡 / 轉賬 beside 帳單 / 帳戶 everywhere else.
  it.each([
    ['雙重認證', '雙重驗證'],
    ['兩步驗證', '雙重驗證'],
    ['收件箱', '收件匣'],
    ['入門網站', '本平台'],
    ['入口網站', '本平台'],
    ['賬', '帳'],
    // QA (tc): a machine's page, its contract PDF and the meter CSV said 機身號碼, its bill, the bill PDF, an order's
    // lines and the help on reading the counter said 機身編號: a reader matching the bill to the machine saw two fields.
    ['機身編號', '機身號碼'],
    // QA (tc): a machine's page listed its 維修服務要求 and the desk's typhoon-suspension notes counted 服務要求, while
    // the service request pages, the desk's list and the home card say 維修申請.
    ['服務要求', '維修申請'],
    // QA (tc): the group pages' function codes said 錶數讀數, the admin landing 付款單據 (the portal's word: 入數紙), a
    // machine's toner orders 訂單號碼 beside the order pages' 訂單編號.
    ['錶數讀數', '抄錶讀數'],
    ['付款單據', '入數紙'],
    ['訂單號碼', '訂單編號'],
    // QA (tc): the user list report (page, CSV and Excel) said 最後登入 for the 上次登入 of the user and account pages.
    ['最後登入', '上次登入'],
    // QA (tc): the help on meter readings sent readers to 「抄錶記錄」, a page its menu and title call 抄錶紀錄.
    ['抄錶記錄', '抄錶紀錄'],
  ])('Chinese never writes %s (the glossary’s word is %s): locale files and the texts the server writes', (avoid) => {
    expect(all('tc').filter(([, v]) => v.includes(avoid)).map(([k]) => k)).toEqual([]);
    const sources = (d: string): string[] =>
      readdirSync(d, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? sources(join(d, e.name)) : e.name.endsWith('.ts') ? [join(d, e.name)] : []));
    const server = sources(join(process.cwd(), 'lib/server'));
    expect(server.length).toBeGreaterThan(50);
    expect(server.filter((f) => readFileSync(f, 'utf8').includes(avoid)).map((f) => relative(process.cwd(), f))).toEqual([]);
  });
});
