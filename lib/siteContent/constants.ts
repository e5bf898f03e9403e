/** Site content: the domain lists that feed both the zod schemas (./adminSchemas) and the database's CHECKs (lib/server/db/schema). zod-free. */

/** The five page-load documents of spec §7, one per section and language. */
export const SITE_CONTENT_SECTIONS = ['footer_popup', 'mobile_app', 'social', 'chat_link', 'link_config'] as const;
export type SiteContentSection = (typeof SITE_CONTENT_SECTIONS)[number];
