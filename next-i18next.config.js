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
  ns: ['common', 'page', 'error'],
  localePath: path.resolve('./public/locales'),
  reloadOnPrerender: process.env.NODE_ENV === 'development',
  returnNull: false,
};
