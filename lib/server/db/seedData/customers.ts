import type { CurrentCustomer } from '@/lib/customer/schemas';
import type { ProductLine } from '@/lib/server/db/schema';

/** The provider's own party: staff act for it (docs/decisions.md), so every session has one current customer. */
export const PROVIDER_UCP_ID = 'PROVIDER';

export const DEMO_UCP = {
  harbourView: 'UCP100001',
  lungCheong: 'UCP100002',
  sunrise: 'UCP100003',
} as const;

/** A demo customer: the current-customer fields the customers table holds (every demo company has a BR no.). */
export type SeedCustomer = Omit<CurrentCustomer, 'brNo' | 'customerNos'> & { brNo: string };

/** Fictional companies at real-looking Hong Kong addresses; e-mail domains are all under `.example.hk`. */
export const SEED_CUSTOMERS: readonly SeedCustomer[] = [
  {
    ucpId: PROVIDER_UCP_ID,
    nameEn: 'Pacific Imaging Services Ltd',
    nameZh: '太平洋影像服務有限公司',
    brNo: '18273645',
    billingAddressEn: '18/F, Pacific Imaging Tower, 33 Hoi Yuen Road, Kwun Tong, Kowloon',
    billingAddressZh: '九龍觀塘開源道33號太平洋影像大廈18樓',
    contactName: 'Customer Service Centre',
    contactPhone: '+852 2880 1234',
    contactEmail: 'service@pacific-imaging.example.hk',
    receiveHardcopyBill: false,
    isProvider: true,
  },
  {
    ucpId: DEMO_UCP.harbourView,
    nameEn: 'Harbour View Trading Company Limited',
    nameZh: '海景貿易有限公司',
    brNo: '31845620',
    billingAddressEn: 'Unit 1205, 12/F, Wing Yip Industrial Building, 6 Wing Yip Street, Kwun Tong, Kowloon',
    billingAddressZh: '九龍觀塘榮業街6號榮業工業大廈12樓1205室',
    contactName: 'Chan Tai Man',
    contactPhone: '+852 2345 6789',
    contactEmail: 'accounts@harbourview.example.hk',
    receiveHardcopyBill: false,
    isProvider: false,
  },
  {
    ucpId: DEMO_UCP.lungCheong,
    nameEn: 'Lung Cheong Logistics Limited',
    nameZh: '隆昌物流有限公司',
    brNo: '40217793',
    billingAddressEn: 'Room 2301, 23/F, Wing Fat Commercial Centre, 88 Hennessy Road, Wan Chai, Hong Kong',
    billingAddressZh: '香港灣仔軒尼詩道88號永發商業中心23樓2301室',
    contactName: 'Wong Siu Ming',
    contactPhone: '+852 2511 0388',
    contactEmail: 'finance@lungcheong.example.hk',
    receiveHardcopyBill: true,
    isProvider: false,
  },
  {
    ucpId: DEMO_UCP.sunrise,
    nameEn: 'Sunrise Dental Clinic Limited',
    nameZh: '旭日牙科診所有限公司',
    brNo: '52968104',
    billingAddressEn: 'Shop 7, 3/F, Carnarvon Plaza, 20 Carnarvon Road, Tsim Sha Tsui, Kowloon',
    billingAddressZh: '九龍尖沙咀加拿分道20號加拿分廣場3樓7號舖',
    contactName: 'Cheung Wing Sze',
    contactPhone: '+852 2723 4567',
    contactEmail: 'admin@sunrisedental.example.hk',
    receiveHardcopyBill: false,
    isProvider: false,
  },
];

export type SeedCustomerNumber = { id: string; ucpId: string; productLine: ProductLine; customerNo: string };

/** Fixed ids keep re-runs no-ops; numbers follow the provider's per-line prefixes (C copier, P printer, S software). */
export const SEED_CUSTOMER_NUMBERS: readonly SeedCustomerNumber[] = [
  { id: '5eed0002-0000-4000-8000-000000000001', ucpId: DEMO_UCP.harbourView, productLine: 'copier', customerNo: 'C-100234' },
  { id: '5eed0002-0000-4000-8000-000000000002', ucpId: DEMO_UCP.harbourView, productLine: 'copier', customerNo: 'C-100235' },
  { id: '5eed0002-0000-4000-8000-000000000003', ucpId: DEMO_UCP.harbourView, productLine: 'printer', customerNo: 'P-200871' },
  { id: '5eed0002-0000-4000-8000-000000000004', ucpId: DEMO_UCP.harbourView, productLine: 'software', customerNo: 'S-300112' },
  { id: '5eed0002-0000-4000-8000-000000000005', ucpId: DEMO_UCP.lungCheong, productLine: 'copier', customerNo: 'C-100560' },
  { id: '5eed0002-0000-4000-8000-000000000006', ucpId: DEMO_UCP.lungCheong, productLine: 'printer', customerNo: 'P-201004' },
  { id: '5eed0002-0000-4000-8000-000000000007', ucpId: DEMO_UCP.lungCheong, productLine: 'printer', customerNo: 'P-201005' },
  { id: '5eed0002-0000-4000-8000-000000000008', ucpId: DEMO_UCP.sunrise, productLine: 'copier', customerNo: 'C-100781' },
  { id: '5eed0002-0000-4000-8000-000000000009', ucpId: DEMO_UCP.sunrise, productLine: 'software', customerNo: 'S-300245' },
];
