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
  // is not listed here (staticTranslations('accountChanges')) would receive it empty. Each page still gets only the
  // namespaces it asks for. Add a feature's namespace here when its file lands.
  ns: ['common', 'page', 'error', 'accountChanges'],
  localePath: path.resolve('./public/locales'),
  reloadOnPrerender: process.env.NODE_ENV === 'development',
  returnNull: false,
};
