/** My machines (docs/machines.md). Declared once (lib/contract). */
import { defineContract, output } from '@/lib/contract';
import { reads } from '@/lib/contract/grants';
import { listMachinesSchema, listSitesSchema, machineIdSchema, type MachineDetail, type MachineListResult, type SiteListResult } from './schemas';

const READ = { anyOf: ['machine_read'] } as const;
const read = reads(READ);

export const machinesContract = defineContract('machines', {
  listMachines: read(
    'The customer’s machines: model, category, mono or colour, serial, location and site, status, contract and its end, last meter reading and this period’s flag (ok | due | overdue), last toner order, open service requests. ' +
      'Filter q (serial, location or site), site (key from listSites), status[]; sort serialNo | model | location.',
    listMachinesSchema,
    output<MachineListResult>(),
  ),
  listSites: read(
    'The sites (install addresses) of the customer’s machines, each with a stable key for the list’s site filter and its machine count.',
    listSitesSchema,
    output<SiteListResult>(),
  ),
  getMachine: read(
    'One machine of the customer with its site, contract, readings and monthly usage (with meter_history_read), orders and their shipments (with mgt_order_read or track_order_read), service history. Another customer’s machine: NOT_FOUND.',
    machineIdSchema,
    output<MachineDetail>(),
  ),
});
