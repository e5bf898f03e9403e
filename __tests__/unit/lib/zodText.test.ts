import { z } from 'zod';
import { required, text } from '@/lib/zodText';
import { zodMessages } from '@/lib/zodMessages';

const messages = (schema: z.ZodType, value: unknown) => {
  const r = schema.safeParse(value);
  return r.success ? [] : r.error.issues.map((i) => i.message);
};

describe('zodText', () => {
  it('text trims, keeps an empty value and caps the length with the translated message', () => {
    expect(text(5).parse('  abc  ')).toBe('abc');
    expect(text(5).parse('   ')).toBe('');
    expect(text(5).parse('  abcde  ')).toBe('abcde');
    expect(messages(text(5), 'abcdef')).toEqual([zodMessages.maxLength(5)]);
  });

  it('required refuses an empty or blank value and caps the length', () => {
    expect(required(3).parse(' ab ')).toBe('ab');
    expect(messages(required(3), '')).toEqual([zodMessages.required]);
    expect(messages(required(3), '   ')).toEqual([zodMessages.required]);
    expect(messages(required(3), 'abcd')).toEqual([zodMessages.maxLength(3)]);
  });

  it('trims zero-width and other invisible characters at the ends too, so they alone are empty; keeps them inside', () => {
    expect(messages(required(10), '\u200B\u200D\uFEFF\u2060\u00AD')).toEqual([zodMessages.required]);
    expect(text(10).parse('\u200B Chan \u3000\uFEFF')).toBe('Chan');
    // A joiner inside an emoji sequence is part of it.
    expect(text(20).parse('\u200B👩\u200D💻\u200B')).toBe('👩\u200D💻');
  });
});
