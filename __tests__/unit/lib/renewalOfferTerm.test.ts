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
