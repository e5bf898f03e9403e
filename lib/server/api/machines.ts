import { machinesContract } from '@/lib/machines/contract';
import { getMachine, listMachines, listSites } from '@/lib/server/services/machines';
import { implement } from './implement';

export const machineRoutes = implement(machinesContract, {
  listMachines: ({ service, body }) => listMachines(service, body),
  listSites: ({ service }) => listSites(service),
  getMachine: ({ service, body }) => getMachine(service, body.id),
});
