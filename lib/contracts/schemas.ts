/** Contracts and their billing schedules: request schemas and answer types (API lib/server/api/contracts.ts, screens components/contracts). */
import { z } from 'zod';
import { recordIdSchema } from '@/lib/zodText';
import type { Terms } from './terms';
import { listBodySchema, searchStatusFilter, type ListResult } from '@/lib/listQuery';
import { CONTRACT_STATUSES, type BillingFrequency, type ContractEventType, type ContractStatus, type ContractType, type ScheduleState } from './constants';

/** Sortable columns; `minimumCharge` is the minimum charge per period (issue 10 minor: amount columns sort). */
export const CONTRACT_SORT_FIELDS = ['contractNo', 'endDate', 'startDate', 'minimumCharge'] as const;
export type ContractSortField = (typeof CONTRACT_SORT_FIELDS)[number];

export const listContractsSchema = listBodySchema(CONTRACT_SORT_FIELDS, searchStatusFilter(CONTRACT_STATUSES));
export type ListContractsBody = z.input<typeof listContractsSchema>;

export const contractIdSchema = recordIdSchema;
export const contractPdfSchema = recordIdSchema;

/** The charges and allowances of a contract (one type with the billing-schedule calculation, ./terms). */
export type ContractTerms = Terms;

export type ContractMachine = { id: string; serialNo: string; modelNameEn: string; modelNameZh: string; isColour: boolean; locationEn: string; locationZh: string };

export type ContractItem = ContractTerms & {
  id: string;
  contractNo: string;
  contractType: ContractType;
  startDate: string;
  endDate: string;
  termMonths: number;
  billingFrequency: BillingFrequency;
  status: ContractStatus;
  machineCount: number;
  serials: string[];
  /** The next billing date on or after today (null once the contract has ended). */
  nextBillingDate: string | null;
};
export type ContractListResult = ListResult<ContractItem>;

export type SchedulePeriod = {
  periodStart: string;
  periodEnd: string;
  billingDate: string;
  state: ScheduleState;
  /** The bill's amount when billed; otherwise the expected amount (terms × usual volume, see docs). */
  amountCents: number;
  billId: string | null;
  billNo: string | null;
};

export type ContractEvent = { id: string; eventType: ContractEventType; at: string; actorName: string; renewalNo: string | null; detail: Record<string, unknown> | null };

export type ContractDetail = ContractItem & {
  machines: ContractMachine[];
  schedule: SchedulePeriod[];
  history: ContractEvent[];
  billedTotalCents: number;
  expectedRemainingCents: number;
};
