/** The customer's contracts and their billing schedules (docs/contracts-and-meters.md). Declared once (lib/contract). */
import { defineContract, download, output } from '@/lib/contract';
import { reads } from '@/lib/contract/grants';
import { contractIdSchema, contractPdfSchema, listContractsSchema, type ContractDetail, type ContractListResult } from './schemas';

const READ = { anyOf: ['contract_billing_read'] } as const;
const read = reads(READ);

export const contractsContract = defineContract('contracts', {
  listContracts: read(
    'The customer’s contracts: number, type, start / end, term, billing frequency, period and minimum charge, rates and included pages, status, machines covered, next billing date. Filter status[], q (contract no. or serial); sort contractNo | startDate | endDate | minimumCharge.',
    listContractsSchema,
    output<ContractListResult>(),
  ),
  getContract: read(
    'One contract of the customer with its machines, its billing schedule (every period: billing date, billed amount or expected amount, state) and its history; another customer’s: NOT_FOUND.',
    contractIdSchema,
    output<ContractDetail>(),
  ),
  downloadContract: download({
    summary: 'FILE (PDF): the contract summary (parties, terms, machines, billing schedule), bilingual.',
    permission: { anyOf: ['contract_download'] },
    body: contractPdfSchema,
  }),
});
