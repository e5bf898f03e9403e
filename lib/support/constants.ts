/**
 * Customer support (docs/support.md): the lists the tables' CHECKs, the API's zod enums and the screens share.
 * Client-safe (no server imports).
 */

/** Topics of quick-help articles and categories of FAQ entries, in the order the screens show them. */
export const SUPPORT_TOPICS = ['meter_reading', 'bills_payment', 'toner_orders', 'contracts', 'account_changes', 'portal_use'] as const;
export type SupportTopic = (typeof SUPPORT_TOPICS)[number];

/** What a customer's enquiry is about (the contact-us form). */
export const ENQUIRY_TOPICS = ['general', 'bills_payment', 'meter_reading', 'toner_orders', 'service_repair', 'contracts', 'portal_use'] as const;
export type EnquiryTopic = (typeof ENQUIRY_TOPICS)[number];

/** `ENQ-000123`: how an enquiry is named to the customer and to staff. */
export const enquiryReference = (no: number): string => `ENQ-${String(no).padStart(6, '0')}`;

/** Search: at most this many words are used, each at least one character; results are capped. */
export const SEARCH_MAX_TERMS = 6;
export const SEARCH_MAX_RESULTS = 50;

/** The customer-service mailbox shown on Contact us (an address, the same in both languages). */
export const SUPPORT_EMAIL = 'cs@pacific-imaging.example.hk';
