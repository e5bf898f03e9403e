/**
 * My machines: the one machine summary type shared by meter readings, orders and this feature, the list / detail
 * request schemas and answer types (API lib/server/api/machines.ts, screens components/machines). Client-safe.
 */
import { z } from 'zod';
import { recordIdSchema, trimBlank } from '@/lib/zodText';
import { listBodySchema, searchTextSchema, type ListResult, enumListFilter } from '@/lib/listQuery';
import type { ContractStatus, ContractType } from '@/lib/contracts/constants';
import type { ReadingDueFlag, ReadingSource } from '@/lib/meter/constants';
import type { ServiceCategory, ServiceStatus } from '@/lib/serviceRequests/constants';
import { MACHINE_STATUSES, type MachineCategory, type MachineStatus } from './constants';

export * from './constants';

/** A machine as every feature names it: serial, model (both languages), colour or mono, where it stands. */
export type MachineSummary = {
  id: string;
  serialNo: string;
  modelCode: string;
  modelNameEn: string;
  modelNameZh: string;
  isColour: boolean;
  locationEn: string;
  locationZh: string;
};


export const MACHINE_SORT_FIELDS = ['serialNo', 'model', 'location'] as const;
export type MachineSortField = (typeof MACHINE_SORT_FIELDS)[number];

export const listMachinesSchema = listBodySchema(MACHINE_SORT_FIELDS, {
  /** Serial number, location or site address (either language). */
  q: searchTextSchema.optional(),
  /** A site's key (`listSites`); the list shows a choice of the customer's sites. */
  site: z.string().overwrite(trimBlank).max(40).optional(),
  status: enumListFilter(MACHINE_STATUSES),
});
export type ListMachinesBody = z.infer<typeof listMachinesSchema>;

export const machineIdSchema = recordIdSchema;
export const listSitesSchema = z.strictObject({});

/** A site: where machines stand (the machine's site address). `key` is stable for the same address. */
export type MachineSite = { key: string; addressEn: string; addressZh: string; machineCount: number };
export type SiteListResult = { items: MachineSite[] };

export type MachineContractRef = { id: string; contractNo: string; contractType: ContractType; startDate: string; endDate: string; status: ContractStatus };

export type MachineListItem = MachineSummary & {
  brand: string;
  category: MachineCategory;
  status: MachineStatus;
  siteKey: string;
  siteEn: string;
  siteZh: string;
  contract: MachineContractRef | null;
  lastReading: { readingDate: string; monoCounter: number; colourCounter: number; source: ReadingSource } | null;
  /** The reading day of the current period and its flag (lib/meter/due.ts); null for a removed machine. */
  readingDueOn: string | null;
  dueFlag: ReadingDueFlag | null;
  lastTonerOrder: { id: string; orderNo: string; status: string; createdAt: string } | null;
  /** Service requests still being worked on; null when the user holds no service-request code. */
  openServiceRequests: number | null;
};
export type MachineListResult = ListResult<MachineListItem>;

export type MachineReading = { id: string; readingDate: string; monoCounter: number; colourCounter: number; monoPages: number | null; colourPages: number | null; source: ReadingSource };
/** A month's pages; null while no reading closes the month yet (the current month, or a reading missed). */
export type MachineUsageMonth = { month: string; mono: number | null; colour: number | null };

export type MachineOrder = {
  id: string;
  orderNo: string;
  orderType: string;
  status: string;
  createdAt: string;
  firstItemEn: string;
  firstItemZh: string;
  itemCount: number;
  totalCents: number;
  shipments: { id: string; shipmentNo: string; status: string }[];
};

/** One service request in a machine's service history. */
export type MachineServiceRequest = {
  id: string;
  reference: string;
  category: ServiceCategory;
  status: ServiceStatus;
  createdAt: string;
  engineerName: string | null;
  etaAt: string | null;
  /** When it was resolved, closed or cancelled (the latest of these). */
  endedAt: string | null;
};

export type MachineDetail = MachineListItem & {
  addressEn: string;
  addressZh: string;
  installedOn: string | null;
  pagesPerMinute: number;
  tonerContactName: string;
  tonerContactPhone: string;
  usualMonthly: { mono: number; colour: number } | null;
  /** Null when the user holds no code to read meter readings (meter_history_read). */
  readings: MachineReading[] | null;
  usage: MachineUsageMonth[] | null;
  /** Null when the user holds no code to read orders (mgt_order_read, track_order_read). */
  orders: MachineOrder[] | null;
  /** Newest first; null when the user holds no service-request code (service_req_read, service_req_write). */
  serviceRequests: MachineServiceRequest[] | null;
};

/** The picture of a model under public/machines: one drawing per family (category × colour). */
export function machinePicture(category: MachineCategory, isColour: boolean): string {
  return `/machines/${category}-${isColour ? 'colour' : 'mono'}.svg`;
}
