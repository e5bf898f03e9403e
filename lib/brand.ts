/**
 * The product's brand name in English, as the UI shows it in the header and the page titles (`common:appName`; the
 * Chinese name is `appName` of public/locales/tc/common.json). For texts made outside a page that must be one string,
 * such as the issuer of the authenticator entry (an otpauth URI carries one issuer for both languages).
 * __tests__/unit/brand.test.ts keeps it equal to the en `appName`.
 */
export const BRAND_NAME_EN = 'Pacific Imaging Customer Portal';
