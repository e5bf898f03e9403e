import type { BillDetail, BillListResult, BillSummary, BillContractOption, ListBillsBody, StatementFormat } from '@/lib/bills/schemas';
import { apiDownload, apiPost, type DownloadOptions } from './client';
import type { ApiRequestOptions } from './types';

/** Bills and the statement of account of the current customer (docs/bills.md). Bodies: lib/bills/schemas. */

export const listBills = (body: Partial<ListBillsBody>, opts?: ApiRequestOptions) => apiPost<BillListResult>('/api/bills/listBills', body, opts);

export const getBill = (id: string, opts?: ApiRequestOptions) => apiPost<BillDetail>('/api/bills/getBill', { id }, opts);

/** Silent: the home card's figures. */
export const getBillSummary = (opts?: ApiRequestOptions) => apiPost<BillSummary>('/api/bills/getBillSummary', {}, { silent: true, ...opts });

export const listBillContracts = (opts?: ApiRequestOptions) =>
  apiPost<BillContractOption[]>('/api/bills/listBillContracts', {}, { silent: true, ...opts });

/** The bill as a PDF (a Blob to save). */
export const downloadBillPdf = (id: string, opts?: DownloadOptions) => apiDownload('/api/bills/downloadBillPdf', { id }, opts);

/** The statement of account as PDF or CSV (CSV headings in `lang`). */
export const downloadStatement = (format: StatementFormat, lang: 'en' | 'tc', opts?: DownloadOptions) =>
  apiDownload('/api/bills/downloadStatement', { format, lang }, opts);
