/**
 * The demo seed takes its clock when its modules load (SEED_DAY, the orders' SEED_ORDERS_DATE, the billing
 * reference), so a test of the data seeded on another day loads them afresh under a fake Date.
 */
import { fakeDateOnly } from '../../unit/testUtils/clock';

export type SeedModules = {
  seed: typeof import('@/lib/server/db/seed');
  equipment: typeof import('@/lib/server/db/seedData/equipment');
  meter: typeof import('@/lib/server/db/seedData/meter');
  billing: typeof import('@/lib/server/db/seedData/billing');
  renewal: typeof import('@/lib/server/db/seedData/renewal');
  orders: typeof import('@/lib/server/db/seedData/orders');
  inbox: typeof import('@/lib/server/db/seedData/inbox');
};

/**
 * The seed's modules as they load on `instant`. Only Date is faked (timers, PGlite and the server run as usual); the
 * real clock is back when they are loaded, or with `keepClock` it runs on from `instant` until the caller's
 * `jest.useRealTimers()`, so a `seedDemo` run in between sees the same day as the modules did.
 */
export async function seedModulesAt(instant: string, { keepClock = false } = {}): Promise<SeedModules> {
  fakeDateOnly(new Date(instant), { advanceTimers: true });
  let modules: SeedModules | undefined;
  try {
    await jest.isolateModulesAsync(async () => {
      modules = {
        seed: await import('@/lib/server/db/seed'),
        equipment: await import('@/lib/server/db/seedData/equipment'),
        meter: await import('@/lib/server/db/seedData/meter'),
        billing: await import('@/lib/server/db/seedData/billing'),
        renewal: await import('@/lib/server/db/seedData/renewal'),
        orders: await import('@/lib/server/db/seedData/orders'),
        inbox: await import('@/lib/server/db/seedData/inbox'),
      };
    });
  } catch (e) {
    jest.useRealTimers();
    throw e;
  }
  if (!keepClock) jest.useRealTimers();
  return modules!;
}
