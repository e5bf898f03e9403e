import { MACHINE_CATEGORIES } from '@/lib/machines/schemas';
import { DEMO_UCP } from '@/lib/server/db/seedData/customers';
import { SEED_MACHINE_MODELS, SEED_MACHINES, SEED_REMOVED_MACHINES } from '@/lib/server/db/seedData/equipment';

describe('demo machines', () => {
  const all = [...SEED_MACHINES, ...SEED_REMOVED_MACHINES];
  const modelOf = (code: string) => SEED_MACHINE_MODELS.find((m) => m.modelCode === code)!;

  it('every demo customer has mono and colour machines with a site and a location', () => {
    for (const ucp of Object.values(DEMO_UCP)) {
      const own = all.filter((m) => m.ucpId === ucp);
      expect(new Set(own.map((m) => modelOf(m.modelCode).isColour))).toEqual(new Set([true, false]));
      for (const m of own) {
        expect(m.addressEn).toBeTruthy();
        expect(m.addressZh).toBeTruthy();
        expect(m.locationEn).toBeTruthy();
      }
    }
  });

  it('mixes statuses, sites and model families', () => {
    expect(new Set(all.map((m) => m.status))).toEqual(new Set(['active', 'removed']));
    expect(new Set(SEED_MACHINE_MODELS.map((m) => m.category))).toEqual(new Set(MACHINE_CATEGORIES));
    // At least one customer with machines at more than one site (the site filter has something to choose).
    const sitesPerCustomer = Object.values(DEMO_UCP).map((ucp) => new Set(all.filter((m) => m.ucpId === ucp).map((m) => m.addressEn)).size);
    expect(Math.max(...sitesPerCustomer)).toBeGreaterThan(1);
    expect(new Set(all.map((m) => m.serialNo)).size).toBe(all.length);
  });
});
