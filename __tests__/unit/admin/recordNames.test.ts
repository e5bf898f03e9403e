import { customersResource } from '@/components/admin/customers/resource';
import { offersResource } from '@/components/admin/offers/resource';
import { helpArticlesResource, faqResource, usefulLinksResource } from '@/components/admin/support/resources';
import { userGroupsResource } from '@/components/admin/userGroups/resource';

/**
 * Every maintenance description whose records are named in both languages gives the heading of its view and edit
 * pages the name in the page's language (the rest of those pages uses pickLocalized too).
 */
const cases = [
  ['customers', customersResource.recordName, { nameEn: 'Harbour View Trading Company Limited', nameZh: '海景貿易有限公司' }, 'Harbour View Trading Company Limited', '海景貿易有限公司'],
  ['user groups', userGroupsResource.recordName, { nameEn: 'Accounts team', nameZh: '會計組' }, 'Accounts team', '會計組'],
  ['offers', offersResource.recordName, { titleEn: 'Spring toner offer', titleZh: '春季碳粉優惠' }, 'Spring toner offer', '春季碳粉優惠'],
  ['support articles', helpArticlesResource.recordName, { titleEn: 'Clearing a paper jam', titleZh: '清除卡紙' }, 'Clearing a paper jam', '清除卡紙'],
  ['FAQ', faqResource.recordName, { questionEn: 'How do I pay?', questionZh: '如何付款？' }, 'How do I pay?', '如何付款？'],
  ['useful links', usefulLinksResource.recordName, { titleEn: 'Driver downloads', titleZh: '驅動程式下載' }, 'Driver downloads', '驅動程式下載'],
] as const;

describe('maintenance headings name the record in the page’s language', () => {
  it.each(cases)('%s', (_area, recordName, record, en, zh) => {
    const name = recordName as (r: unknown, locale: string | undefined) => string;
    expect(name(record, 'en')).toBe(en);
    expect(name(record, 'tc')).toBe(zh);
  });
});
