/** Meter readings: domain constants shared by the database checks, the zod schemas and the screens (docs/contracts-and-meters.md). */

/** Where a reading came from: `web` is the customer's own upload (the legacy "W"), `automatic` the machine's remote collection, `staff` a technician's visit, `estimated` the provider's estimate when none arrived. */
export const READING_SOURCES = ['web', 'automatic', 'staff', 'estimated'] as const;
export type ReadingSource = (typeof READING_SOURCES)[number];

/** `accepted`: passed every check; `confirmed`: saved after the user confirmed a warning (an unusually high volume). */
export const READING_STATUSES = ['accepted', 'confirmed'] as const;
export type ReadingStatus = (typeof READING_STATUSES)[number];

/** A month's volume above this many times the machine's usual monthly volume asks the user to confirm. */
export const JUMP_FACTOR = 3;
/** Days either side of a billing date in which the reading for that period is expected. */
export const READING_WINDOW_DAYS = 5;
/** Most rows one submission (form or CSV) may hold. */
export const MAX_READINGS_PER_SUBMISSION = 200;
/** Largest counter a machine shows (9 digits); a value at or past it is refused. */
export const MAX_COUNTER = 999_999_999;
/** Largest CSV text accepted (characters). */
export const MAX_CSV_CHARS = 100_000;

/** Per-machine flag for the current billing period: read, due (within the window) or overdue (window passed, no reading). */
export const READING_DUE_FLAGS = ['ok', 'due', 'overdue'] as const;
export type ReadingDueFlag = (typeof READING_DUE_FLAGS)[number];

/** What a checked row can be told: errors refuse the whole submission; warnings need the user's confirmation. */
export const READING_ISSUES = [
  /** No machine of this customer has the serial: the same answer for a serial of another customer's machine, so
   * the check never reveals which serials exist elsewhere. */
  'UNKNOWN_SERIAL',
  'DATE_IN_FUTURE',
  'DATE_BEFORE_PREVIOUS',
  'DUPLICATE_DATE',
  'COUNTER_LOWER',
  'COLOUR_ON_MONO',
  /** A colour machine's row without its colour counter: read as 0, it was refused as a counter gone back, or stored. */
  'COLOUR_MISSING',
  'DUPLICATE_ROW',
  'JUMP_WARNING',
] as const;
export type ReadingIssue = (typeof READING_ISSUES)[number];


/** How a submission arrived: the reading form or an uploaded CSV file. */
export const SUBMISSION_CHANNELS = ['form', 'csv'] as const;

/** The types a reading's counter photo may have, by content: what uploadPhoto takes and what a reading may name. */
export const COUNTER_PHOTO_TYPES = ['image/jpeg', 'image/png'] as const;
