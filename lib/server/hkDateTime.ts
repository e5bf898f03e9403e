/**
 * An instant as the user list files write it: `2026-11-24 11:15` in Hong Kong time (UTC+8 all year, no daylight
 * saving time); empty for none.
 */
export const hkDateTime = (iso: string | null): string =>
  iso ? new Date(new Date(iso).getTime() + 8 * 3_600_000).toISOString().slice(0, 16).replace('T', ' ') : '';
