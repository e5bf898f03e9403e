import type { UserConfig } from 'next-i18next';

declare const config: UserConfig;
export = config;
