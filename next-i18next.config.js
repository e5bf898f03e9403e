// @ts-check
const path = require('node:path');

/** @type {import('next-i18next').UserConfig} */
module.exports = {
  i18n: {
    defaultLocale: 'en',
    locales: ['en', 'tc'],
    localeDetection: false,
  },
  defaultNS: 'common',
  // Every namespace file: the server's i18n instance loads only these, so a page asking for a feature namespace that
  // is not listed here would receive it empty. Each page still gets only the namespaces it asks for. A unit test
  // (__tests__/unit/i18n/namespaces.test.ts) fails when a file in public/locales/en is missing here. (This file is
  // bundled for the browser too, so the list cannot be read from the disk.)
  ns: ['common', 'error', 'auth', 'notFound', 'home', 'survey', 'account', 'mfa', 'inbox', 'orders', 'bills', 'slipReview', 'accountChanges', 'admin', 'contracts', 'customers', 'inbox-builder', 'mail', 'meter', 'renewal', 'users', 'userGroups', 'userListReport', 'offers', 'support', 'supportAdmin', 'supportArticles', 'supportFaq', 'supportLinks', 'supportEnquiries', 'machines', 'serviceRequests', 'serviceDesk', 'siteContentAdmin'],
  localePath: path.resolve('./public/locales'),
  reloadOnPrerender: process.env.NODE_ENV === 'development',
  returnNull: false,
};
