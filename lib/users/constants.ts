/** User accounts: the domain lists that feed both the zod schemas (./schemas) and the database's CHECKs (lib/server/db/schema). zod-free. */
import { LOCALES } from '@/lib/i18n/locales';

/**
 * pending = created, waiting for its activation; active; locked = locked by staff until unlocked; inactive =
 * disabled by staff. The list also shows an active account inside its automatic lock-out (failed sign-ins) as
 * `locked`, since that is what the user meets.
 */
export const USER_STATUSES = ['pending', 'active', 'locked', 'inactive'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

export const USER_KINDS = ['customer', 'staff'] as const;
export type UserKind = (typeof USER_KINDS)[number];

// Public one-time links: activation and password reset.
export const LINK_PURPOSES = ['activation', 'reset'] as const;
export type LinkPurpose = (typeof LINK_PURPOSES)[number];

/** The text size a user chose (small, medium, large). */
export const FONT_SIZES = ['S', 'M', 'L'] as const;
export type FontSize = (typeof FONT_SIZES)[number];

/** The language a user prefers: the portal's locales. */
export const LANGUAGES = LOCALES;
export type PreferredLanguage = (typeof LANGUAGES)[number];
