import { contractsContract } from '@/lib/contracts/contract';
import { contractPdf, getContract, listContracts } from '@/lib/server/services/contracts';
import { fileResponse } from './fileResponse';
import { implement } from './implement';

export const contractRoutes = implement(contractsContract, {
  listContracts: ({ service, body }) => listContracts(service, body),
  getContract: ({ service, body }) => getContract(service, body.id),
  downloadContract: async ({ service, body }) => fileResponse(await contractPdf(service, body.id)),
});
