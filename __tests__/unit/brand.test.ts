import { BRAND_NAME_EN } from '@/lib/brand';
import enCommon from '@/public/locales/en/common.json';

it('the brand name used outside pages (the authenticator entry) is the one the UI shows', () => {
  expect(BRAND_NAME_EN).toBe(enCommon.appName);
});
