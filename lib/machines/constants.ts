/** Machines: the domain lists that feed both the zod schemas (./schemas) and the database's CHECKs (lib/server/db/schema). zod-free. */

export const MACHINE_STATUSES = ['active', 'removed'] as const;
export type MachineStatus = (typeof MACHINE_STATUSES)[number];

export const MACHINE_CATEGORIES = ['copier', 'printer', 'mfp'] as const;
export type MachineCategory = (typeof MACHINE_CATEGORIES)[number];
