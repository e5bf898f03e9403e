import { DEFAULT_RESPONSE_HOURS, serviceRequestReference, type ServiceCategory, type ServiceEventKind, type ServiceStatus } from '@/lib/serviceRequests/constants';
import { addBusinessMinutes, slaAtRiskAt, slaDueAt } from '@/lib/serviceRequests/sla';
import { serviceRequestEvents, serviceRequests, slaSuspensions, type VisitWindow } from '@/lib/server/db/schema';
import type { Db } from '@/lib/server/db/types';
import { hkToday, addDays } from '@/lib/dates/hongKong';
import { DEMO_UCP } from './customers';
import { hkLocal } from './hkTime';
import { MACHINE_ID, SEED_CONTRACTS, SEED_MACHINES } from './equipment';
import { seedId } from './ids';
import { seedUserUuid } from './users';

/**
 * Demo service requests (docs/service-requests.md, docs/demo-data.md), one in each interesting state, relative to the
 * moment the data is seeded so the SLA clocks and the 7-day confirmation window make sense whenever the portal is
 * installed: Harbour View (customer@demo.hk) has one just reported, one with an engineer on the way, one resolved
 * and waiting for its confirmation, and one closed and rated; Lung Cheong (multi@demo.hk) has one acknowledged and
 * past its due time (breached: the desk's queue and the admin landing count show it) and one cancelled. Fixed ids:
 * seeding twice inserts nothing.
 */

const CUSTOMER_USER = seedUserUuid('customer@demo.hk');
const MULTI_USER = seedUserUuid('multi@demo.hk');
const ADMIN_USER = seedUserUuid('admin@demo.hk');
const HOUR = 3600_000;

const srId = (n: number) => seedId('0016', n);
export const SEED_SERVICE_REQUEST_ID = {
  hvNew: srId(1),
  hvAssigned: srId(2),
  hvResolved: srId(3),
  hvClosed: srId(4),
  lcBreached: srId(5),
  lcCancelled: srId(6),
} as const;

type Step = { kind: ServiceEventKind; status: ServiceStatus; at: Date; staff?: boolean; note?: string; engineer?: string; eta?: Date };

type SeedRequest = {
  id: string;
  no: number;
  ucpId: string;
  machineId: string;
  createdBy: string;
  reportedAt: Date;
  category: ServiceCategory;
  errorCode?: string;
  description: string;
  contactName: string;
  contactPhone: string;
  visitWindows?: VisitWindow[];
  status: ServiceStatus;
  steps: Step[];
  engineer?: { name: string; phone: string; eta: Date };
  respondedAt?: Date;
  resolutionNotes?: string;
  rating?: { rating: number; comment: string };
};

/** The response hours of a machine's contract. */
const hoursOf = (machineId: string): number => {
  const m = SEED_MACHINES.find((x) => x.id === machineId);
  return SEED_CONTRACTS.find((c) => c.id === m?.contractId)?.responseHours ?? DEFAULT_RESPONSE_HOURS;
};

export function seedServiceRequestRows(now: Date): SeedRequest[] {
  const ago = (hours: number) => new Date(now.getTime() - hours * HOUR);
  const today = hkToday(now);
  const assignedAt = ago(1.5);
  const eta = new Date(now.getTime() + 2 * HOUR);
  const resolvedReported = ago(3 * 24);
  const closedReported = ago(20 * 24);
  // Lung Cheong: reported three days ago and only acknowledged: long past an 8-hour response.
  const lcReported = ago(3 * 24 + 2);
  return [
    {
      id: SEED_SERVICE_REQUEST_ID.hvNew,
      no: 101,
      ucpId: DEMO_UCP.harbourView,
      machineId: MACHINE_ID.hvPrinter,
      createdBy: CUSTOMER_USER,
      reportedAt: ago(0.5),
      category: 'print_quality',
      description: 'Faint grey streaks down the left side of every page since this morning.',
      contactName: 'Chan Tai Man',
      contactPhone: '+852 2345 6789',
      visitWindows: [{ date: addDays(today, 1), slot: 'morning' }],
      status: 'submitted',
      steps: [],
    },
    {
      id: SEED_SERVICE_REQUEST_ID.hvAssigned,
      no: 102,
      ucpId: DEMO_UCP.harbourView,
      machineId: MACHINE_ID.hvColour,
      createdBy: CUSTOMER_USER,
      reportedAt: ago(2),
      category: 'error_code',
      errorCode: 'SC542',
      description: 'The copier stops with error SC542 a few minutes after warming up; restarting does not help.',
      contactName: 'Chan Tai Man',
      contactPhone: '+852 2345 6789',
      status: 'engineer_assigned',
      steps: [
        { kind: 'acknowledged', status: 'acknowledged', at: ago(1.75), staff: true },
        { kind: 'engineer_assigned', status: 'engineer_assigned', at: assignedAt, staff: true, engineer: 'Lam Chi Keung', eta },
      ],
      engineer: { name: 'Lam Chi Keung', phone: '+852 9123 4567', eta },
    },
    {
      id: SEED_SERVICE_REQUEST_ID.hvResolved,
      no: 103,
      ucpId: DEMO_UCP.harbourView,
      machineId: MACHINE_ID.hvMono,
      createdBy: CUSTOMER_USER,
      reportedAt: resolvedReported,
      category: 'paper_jam',
      description: 'Paper jams in tray 2 several times a day, always at the same spot behind the right door.',
      contactName: 'Chan Tai Man',
      contactPhone: '+852 2345 6789',
      status: 'resolved',
      steps: [
        { kind: 'acknowledged', status: 'acknowledged', at: new Date(resolvedReported.getTime() + 0.25 * HOUR), staff: true },
        { kind: 'engineer_assigned', status: 'engineer_assigned', at: new Date(resolvedReported.getTime() + 0.5 * HOUR), staff: true, engineer: 'Ho Wai Man', eta: addBusinessMinutes(resolvedReported, 120) },
        { kind: 'on_site', status: 'on_site', at: addBusinessMinutes(resolvedReported, 150), staff: true },
        { kind: 'resolved', status: 'resolved', at: addBusinessMinutes(resolvedReported, 210), staff: true, note: 'Replaced the worn pick-up roller of tray 2 and cleaned the paper path.' },
      ],
      engineer: { name: 'Ho Wai Man', phone: '+852 9876 5432', eta: addBusinessMinutes(resolvedReported, 120) },
      respondedAt: addBusinessMinutes(resolvedReported, 150),
      resolutionNotes: 'Replaced the worn pick-up roller of tray 2 and cleaned the paper path.',
    },
    {
      id: SEED_SERVICE_REQUEST_ID.hvClosed,
      no: 104,
      ucpId: DEMO_UCP.harbourView,
      machineId: MACHINE_ID.hvColour,
      createdBy: CUSTOMER_USER,
      reportedAt: closedReported,
      category: 'network_scanning',
      description: 'Scan to e-mail fails with "SMTP authentication error" since our mail server changed.',
      contactName: 'Chan Tai Man',
      contactPhone: '+852 2345 6789',
      status: 'closed',
      steps: [
        { kind: 'acknowledged', status: 'acknowledged', at: new Date(closedReported.getTime() + 0.5 * HOUR), staff: true },
        { kind: 'resolved', status: 'resolved', at: addBusinessMinutes(closedReported, 90), staff: true, note: 'Updated the SMTP settings remotely with your IT team; test scans delivered.' },
        { kind: 'closed', status: 'closed', at: addBusinessMinutes(closedReported, 9 * 60) },
        { kind: 'rated', status: 'closed', at: addBusinessMinutes(closedReported, 9 * 60), note: 'Fixed over the phone within two hours, thank you.' },
      ],
      respondedAt: addBusinessMinutes(closedReported, 90),
      resolutionNotes: 'Updated the SMTP settings remotely with your IT team; test scans delivered.',
      rating: { rating: 5, comment: 'Fixed over the phone within two hours, thank you.' },
    },
    {
      id: SEED_SERVICE_REQUEST_ID.lcBreached,
      no: 105,
      ucpId: DEMO_UCP.lungCheong,
      machineId: MACHINE_ID.lcMonoWarehouse,
      createdBy: MULTI_USER,
      reportedAt: lcReported,
      category: 'noise_damage',
      description: 'Loud grinding noise from the finisher when stapling; the output tray is cracked.',
      contactName: 'Wong Siu Ming',
      contactPhone: '+852 3456 7890',
      status: 'acknowledged',
      steps: [{ kind: 'acknowledged', status: 'acknowledged', at: new Date(lcReported.getTime() + 1 * HOUR), staff: true, note: 'A finisher part is on order; we will confirm the visit.' }],
    },
    {
      id: SEED_SERVICE_REQUEST_ID.lcCancelled,
      no: 106,
      ucpId: DEMO_UCP.lungCheong,
      machineId: MACHINE_ID.lcPrinter,
      createdBy: MULTI_USER,
      reportedAt: ago(6 * 24),
      category: 'consumable',
      description: 'Toner low warning although the cartridge was replaced yesterday.',
      contactName: 'Wong Siu Ming',
      contactPhone: '+852 3456 7890',
      status: 'cancelled',
      steps: [{ kind: 'cancelled', status: 'cancelled', at: ago(6 * 24 - 1), note: 'The cartridge was not seated properly; works now.' }],
    },
  ];
}

/**
 * A demo clock suspension for the service desk's list: a Typhoon Signal No. 8 of 30 days before the seed day, 6:40 am
 * to 2:20 pm Hong Kong time. It touches none of the demo requests' clocks (the oldest demo request was reported 20
 * days ago), so their due times stay as above.
 */
export const SEED_SUSPENSION_ID = seedId('0017', 1);
export function seedSuspensionRow(now: Date): typeof slaSuspensions.$inferInsert {
  const day = addDays(hkToday(now), -30);
  const endsAt = hkLocal(`${day}T14:20:00`);
  return {
    id: SEED_SUSPENSION_ID,
    kind: 'typhoon_8',
    startsAt: hkLocal(`${day}T06:40:00`),
    endsAt,
    note: 'Signal No. 8 hoisted at 6:40 am and lowered at 2:20 pm; no engineer visits meanwhile. 八號風球上午6時40分懸掛，下午2時20分除下；期間不安排工程師上門。',
    createdBy: ADMIN_USER,
    createdAt: endsAt,
    updatedAt: endsAt,
  };
}

export async function seedServiceRequests(db: Db, now: Date = new Date()): Promise<number> {
  await db.insert(slaSuspensions).values(seedSuspensionRow(now)).onConflictDoNothing();
  const rows = seedServiceRequestRows(now);
  let inserted = 0;
  for (const r of rows) {
    const hours = hoursOf(r.machineId);
    const at = (k: ServiceEventKind) => r.steps.find((s) => s.kind === k)?.at ?? null;
    const last = r.steps.at(-1)?.at ?? r.reportedAt;
    const year = Number(hkToday(r.reportedAt).slice(0, 4));
    const [row] = await db
      .insert(serviceRequests)
      .values({
        id: r.id,
        requestNo: serviceRequestReference(year, r.no),
        ucpId: r.ucpId,
        machineId: r.machineId,
        contractId: SEED_MACHINES.find((m) => m.id === r.machineId)?.contractId ?? null,
        category: r.category,
        errorCode: r.errorCode ?? '',
        description: r.description,
        contactName: r.contactName,
        contactPhone: r.contactPhone,
        visitWindows: r.visitWindows ?? [],
        status: r.status,
        engineerName: r.engineer?.name ?? null,
        engineerPhone: r.engineer?.phone ?? null,
        etaAt: r.engineer?.eta ?? null,
        responseHours: hours,
        slaDueAt: slaDueAt(r.reportedAt, hours),
        slaAtRiskAt: slaAtRiskAt(r.reportedAt, hours),
        respondedAt: r.respondedAt ?? null,
        acknowledgedAt: at('acknowledged'),
        assignedAt: at('engineer_assigned'),
        onSiteAt: at('on_site'),
        resolvedAt: at('resolved'),
        closedAt: at('closed'),
        cancelledAt: at('cancelled'),
        resolutionNotes: r.resolutionNotes ?? null,
        cancelReason: r.status === 'cancelled' ? (r.steps.at(-1)?.note ?? null) : null,
        rating: r.rating?.rating ?? null,
        ratingComment: r.rating?.comment ?? null,
        createdBy: r.createdBy,
        // One change per step (a rating given with the confirmation is part of it).
        version: 1 + r.steps.filter((s) => s.kind !== 'rated').length,
        createdAt: r.reportedAt,
        updatedAt: last,
      })
      .onConflictDoNothing()
      .returning({ id: serviceRequests.id });
    if (!row) continue;
    inserted += 1;
    await db.insert(serviceRequestEvents).values([
      { requestId: r.id, kind: 'submitted', status: 'submitted', at: r.reportedAt, actor: 'customer', actorUserAcUuid: r.createdBy, note: r.description },
      ...r.steps.map((s) => ({
        requestId: r.id,
        kind: s.kind,
        status: s.status,
        at: s.at,
        actor: s.staff ? ('staff' as const) : ('customer' as const),
        actorUserAcUuid: s.staff ? ADMIN_USER : r.createdBy,
        note: s.note ?? '',
        engineerName: s.engineer ?? null,
        etaAt: s.eta ?? null,
      })),
    ]);
  }
  return inserted;
}
