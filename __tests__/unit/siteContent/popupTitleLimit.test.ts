import { popupSchema, SITE_CONTENT_LIMITS } from '@/lib/siteContent/adminSchemas';
import { zodMessages } from '@/lib/zodMessages';

describe('footer popup title limit (site-content maintenance)', () => {
  it('takes a title of 80 characters and refuses 81 with the translated "at most" message', () => {
    expect(SITE_CONTENT_LIMITS.popupTitle).toBe(80);
    expect(popupSchema.safeParse({ key: 'a', title: 'x'.repeat(80), paragraphs: ['p'] }).success).toBe(true);
    const r = popupSchema.safeParse({ key: 'a', title: 'x'.repeat(81), paragraphs: ['p'] });
    expect(r.success).toBe(false);
    expect(r.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['title', zodMessages.maxLength(80)]]);
  });
});
