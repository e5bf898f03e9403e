/** Contract renewal: the customer's side and the provider's maintenance, logs and report (docs/contracts-and-meters.md). */
import { defineContract, download, mutation, noBody, output } from '@/lib/contract';
import { reads } from '@/lib/contract/grants';
import {
  listLogsSchema,
  listOffersSchema,
  renewalIdSchema,
  renewalOptionsSchema,
  reportCsvSchema,
  reportSchema,
  saveOfferSchema,
  submitRenewalSchema,
  type MachineModelOption,
  type OfferItem,
  type OfferListResult,
  type RenewableResult,
  type RenewalLogDetail,
  type RenewalLogListResult,
  type RenewalOptions,
  type ReportResult,
  type SubmitRenewalResult,
} from './schemas';

const READ = { anyOf: ['contract_renewal_read', 'contract_renewal_write'] } as const;
const read = reads(READ);
const readOffers = reads({ anyOf: ['renewal_offer_write'] });
const readLogs = reads({ anyOf: ['contract_renewal_log'] });
const readReport = reads({ anyOf: ['contract_renewal_report'] });

export const renewalContract = defineContract('renewal', {
  listRenewable: read(
    'The customer’s contracts inside their renewal window (90 days before the end) or with a renewal in progress: end date, notice deadline (30 days before the end), days left, eligibility and reason, open renewal, offers that apply.',
    noBody,
    output<RenewableResult>(),
  ),
  getOptions: read(
    'One contract’s renewal options: eligibility, the last 12 months of actual volume priced at the current terms and at every offer that applies (active, valid today, same contract type or any), and the contract’s history. Another customer’s: NOT_FOUND.',
    renewalOptionsSchema,
    output<RenewalOptions>(),
  ),
  submitRenewal: mutation({
    summary:
      'Renews a contract with an offer (acceptTerms: true): recorded as submitted with a copy of the terms and the comparison, logged in the contract’s history, confirmed in the user’s inbox. Not eligible: 409 RENEWAL_NOT_ELIGIBLE; offer not applicable: 409 RENEWAL_OFFER_UNAVAILABLE. The same idempotencyKey answers the first renewal.',
    permission: { anyOf: ['contract_renewal_write'] },
    body: submitRenewalSchema,
    output: output<SubmitRenewalResult>(),
    invalidates: ['renewal', 'contracts', 'inbox'],
  }),
  listOffers: readOffers(
    'Provider staff: renewal offers with how many renewals chose each. Filter status[], q (code or name); sort offerCode | validTo | updatedAt | periodCharge.',
    listOffersSchema,
    output<OfferListResult>(),
  ),
  getOffer: readOffers(
    'Provider staff: one renewal offer as it is now (the edit dialog reads it, so a 409 RECORD_CHANGED reloads it even when it has left the list page). Unknown id: 404.',
    renewalIdSchema,
    output<OfferItem>(),
  ),
  listModels: readOffers('Provider staff: machine models an offer may include.', noBody, output<MachineModelOption[]>()),
  saveOffer: mutation({
    summary: 'Provider staff: create (no id) or update a renewal offer (id and `version`, the `updatedAt` it loaded: 409 RECORD_CHANGED when saved since); audit row with before and after. Duplicate code: 409 CONFLICT; unknown model: 400 VALIDATION.',
    permission: { anyOf: ['renewal_offer_write'] },
    body: saveOfferSchema,
    output: output<OfferItem>(),
    invalidates: ['renewal'],
  }),
  listLogs: readLogs(
    'Provider staff: renewals of every customer, newest first: customer, contract, offer, status, who and when. Filter status[], offerId, dateFrom/dateTo (Hong Kong), q (renewal no., contract no., customer).',
    listLogsSchema,
    output<RenewalLogListResult>(),
  ),
  getLog: readLogs(
    'Provider staff: one renewal with the terms chosen, the comparison shown and every event of its contract.',
    renewalIdSchema,
    output<RenewalLogDetail>(),
  ),
  report: readReport(
    'Provider staff: renewals counted by month submitted, status and offer, with how many were priced on readings and the compared costs, each scaled to 12 months. Same filter as listLogs.',
    reportSchema,
    output<ReportResult>(),
  ),
  exportReport: download({
    summary: 'FILE (CSV, UTF-8 with BOM): the report rows, headings in `lang`.',
    permission: { anyOf: ['contract_renewal_report'] },
    body: reportCsvSchema,
  }),
});
