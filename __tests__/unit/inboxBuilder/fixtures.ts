import type { BuilderMessage } from '@/lib/inboxBuilder/schemas';

export const MESSAGE_ID = '7d2f3c1e-5b6a-4c8d-9e0f-1a2b3c4d5e6f';

/** A draft addressed to one customer, as `getMessage` answers it; `over` changes any field. */
export const builderDraft = (over: Partial<BuilderMessage> = {}): BuilderMessage => ({
  id: MESSAGE_ID,
  titleEn: 'Christmas service hours',
  titleZh: '聖誕節服務時間',
  bodyEn: '<p>Our hotline closes at 1 pm on 24 December.</p>',
  bodyZh: '<p>熱線於12月24日下午1時停止服務。</p>',
  bodyEnInput: 'Our hotline closes at 1 pm on 24 December.',
  bodyZhInput: '熱線於12月24日下午1時停止服務。',
  category: 'service',
  status: 'draft',
  audience: 'customers',
  sendTime: null,
  updatedAt: '2026-11-20T02:00:00.000Z',
  recipients: null,
  readCount: 0,
  linkPath: '',
  notifyByEmail: true,
  customers: [{ id: 'UCP100001', nameEn: 'Harbour View Trading Company Limited', nameZh: '海景貿易有限公司' }],
  groups: [],
  deliveredAt: null,
  createdByName: 'Admin',
  ...over,
});
