/**
 * A demo row's fixed id: `5eed<block>-0000-4000-8000-<n as 12 digits>`, one four-digit block per kind of row, so a
 * seeded row is easy to tell apart and the seed stays idempotent (every insert is `on conflict do nothing`).
 */
export const seedId = (block: string, n: number): string => `5eed${block}-0000-4000-8000-${String(n).padStart(12, '0')}`;
