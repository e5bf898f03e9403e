import { offerFieldsSchema } from '@/lib/renewal/schemas';

/** The term field's messages say what is wrong (not the generic "This value is not valid."). */
const termMessage = (termMonths: unknown) => {
  const r = offerFieldsSchema.safeParse({ termMonths });
  return r.success ? null : r.error.issues.find((i) => i.path[0] === 'termMonths')?.message;
};

describe('renewal offer: term (months)', () => {
  it.each([
    [0, 'ui.validation.min|{"min":1}'],
    [121, 'ui.validation.max|{"max":120}'],
    [1.5, 'ui.validation.integer'],
    ['twelve', 'ui.validation.integer'],
  ])('%p: %s', (value, message) => {
    expect(termMessage(value)).toBe(message);
  });

  it('36 months has no term message', () => {
    expect(termMessage(36)).toBeUndefined();
  });
});

/** The rates: an empty (or blank) box is "required", not the format hint (QA: the add dialog said "A rate in HK$ per page…" for an empty box). */
const rateMessages = (monoRate: unknown) => {
  const r = offerFieldsSchema.safeParse({ monoRate });
  return r.success ? [] : r.error.issues.filter((i) => i.path[0] === 'monoRate').map((i) => i.message);
};

describe('renewal offer: rates', () => {
  it.each([
    ['', ['ui.validation.required']],
    ['   ', ['ui.validation.required']],
    ['0.04a', ['renewal:offers.rateFormat']],
    ['0.0450', []],
  ])('%p: %p', (value, messages) => {
    expect(rateMessages(value)).toEqual(messages);
  });
});

/** Typed in full-width mode (a Chinese input method), a rate and a code mean the same characters (QA: refused as format). */
describe('renewal offer: full-width input', () => {
  it('a full-width rate and offer code are read as their half-width characters', () => {
    const r = offerFieldsSchema.safeParse({ monoRate: '０．０４５０', colourRate: '　０．３５', offerCode: 'ｒｎ－ｒｅｎｔ－３６' });
    const issues = r.success ? [] : r.error.issues.filter((i) => ['monoRate', 'colourRate', 'offerCode'].includes(String(i.path[0])));
    expect(issues).toEqual([]);
    const ok = offerFieldsSchema.shape.monoRate.parse('０．０４５０');
    expect(ok).toBe('0.0450');
    expect(offerFieldsSchema.shape.offerCode.parse('ｒｎ－ｒｅｎｔ－３６')).toBe('RN-RENT-36');
  });
});
