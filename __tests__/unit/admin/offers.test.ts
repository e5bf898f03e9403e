import { offersResource } from '@/components/admin/offers/resource';
import { splitUcpIds } from '@/components/admin/offers/UcpIdsField';
import { offerFieldsSchema } from '@/lib/offers/schemas';

describe('offer maintenance: a new offer’s dates', () => {
  afterEach(() => jest.useRealTimers());

  it('are today and 30 days on in Hong Kong at the moment the add form opens, however long the page was loaded', () => {
    const empty = offersResource.form!.empty as () => { validFrom: string; validTo: string };
    expect(typeof empty).toBe('function');
    jest.useFakeTimers({ now: new Date('2026-11-23T15:59:00Z') }); // 23:59 in Hong Kong
    expect(empty()).toMatchObject({ validFrom: '2026-11-23', validTo: '2026-12-23' });
    jest.setSystemTime(new Date('2026-11-23T16:01:00Z')); // 00:01 the next day
    expect(empty()).toMatchObject({ validFrom: '2026-11-24', validTo: '2026-12-24' });
  });
});

describe('offer maintenance: validity checks', () => {
  const base = { titleEn: 'T', titleZh: 'T', descriptionEn: '', descriptionZh: '', target: 'all', customerIds: [], ctaUrl: '', ctaLabelEn: '', ctaLabelZh: '' };
  const fieldsWithIssues = (validFrom: string, validTo: string) => {
    const r = offerFieldsSchema.safeParse({ ...base, validFrom, validTo });
    return r.success ? [] : [...new Set(r.error.issues.map((i) => `${i.path.join('.')}:${i.message}`))];
  };

  it('a start date that is not a date is flagged alone, not also as "end before start"', () => {
    expect(fieldsWithIssues('ab', '2026-12-01')).toEqual(['validFrom:ui.validation.date']);
    expect(fieldsWithIssues('2026-12-10', '2026-12-01')).toEqual(['validTo:offers:errors.validTo']);
    expect(fieldsWithIssues('2026-12-01', '2026-12-10')).toEqual([]);
  });
});

describe('offer maintenance: the target customers typed', () => {
  it('reads full-width ids and commas as plain ones, and 、 as a separator (QA: "“QAB-001，” is not a UCP ID")', () => {
    expect(splitUcpIds('qab-001， ＵＣＰ１００００２；UCP100003、ucp100003')).toEqual(['QAB-001', 'UCP100002', 'UCP100003']);
  });

  it('the server reads a full-width id as the plain one too', () => {
    const base = { titleEn: 'T', titleZh: 'T', descriptionEn: '', descriptionZh: '', validFrom: '2026-12-01', validTo: '2026-12-31', target: 'selected', ctaUrl: '', ctaLabelEn: '', ctaLabelZh: '' };
    expect(offerFieldsSchema.parse({ ...base, customerIds: ['ＵＣＰ１００００２'] }).customerIds).toEqual(['UCP100002']);
  });
});
