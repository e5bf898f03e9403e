import { siteContentResource } from '@/components/admin/siteContent/resource';
import { sectionDocumentSchemas, SITE_CONTENT_LIMITS } from '@/lib/siteContent/adminSchemas';

/**
 * All the popups of one language together: at most SITE_CONTENT_LIMITS.popupsText characters of paragraphs, so a
 * section's save stays under its body cap (docs/site-content.md). The form says it on the popup that goes over,
 * as the API does.
 */
describe('footer popups: the characters of a language together (site-content maintenance)', () => {
  const MESSAGE = `siteContentAdmin:validation.popupsText|{"max":${SITE_CONTENT_LIMITS.popupsText}}`;
  const per = SITE_CONTENT_LIMITS.popupsText / SITE_CONTENT_LIMITS.popups;
  /** Every popup with `per` characters in two paragraphs, the last one `extra` more. */
  const paragraphs = (extra: number) =>
    Array.from({ length: SITE_CONTENT_LIMITS.popups }, (_, i) => ['條'.repeat(per - 1000 + (i === SITE_CONTENT_LIMITS.popups - 1 ? extra : 0)), '款'.repeat(1000)]);

  it('API schema: takes exactly the total and refuses one character more on the last popup’s paragraphs', () => {
    const doc = (extra: number) => ({ footerPopupContentList: paragraphs(extra).map((p, i) => ({ key: `p${i}`, title: '私隱政策', paragraphs: p })) });
    expect(sectionDocumentSchemas.footer_popup.safeParse(doc(0)).success).toBe(true);
    const r = sectionDocumentSchemas.footer_popup.safeParse(doc(1));
    expect(r.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([[`footerPopupContentList.${SITE_CONTENT_LIMITS.popups - 1}.paragraphs`, MESSAGE]]);
  });

  it('edit form: the same, its paragraphs one text with a blank line between them', () => {
    const doc = (extra: number) => ({ footerPopupContentList: paragraphs(extra).map((p, i) => ({ key: `p${i}`, title: '私隱政策', paragraphs: p.join('\n\n') })) });
    const schema = siteContentResource.form!.schema;
    expect(schema.safeParse({ id: 'footer_popup', en: doc(0), tc: doc(0) }).success).toBe(true);
    const r = schema.safeParse({ id: 'footer_popup', en: doc(0), tc: doc(1) });
    expect(r.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([[`tc.footerPopupContentList.${SITE_CONTENT_LIMITS.popups - 1}.paragraphs`, MESSAGE]]);
  });
});
