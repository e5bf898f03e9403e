import { renewalContract } from '@/lib/renewal/contract';
import { getLog, getOffer, getOptions, listLogs, listModels, listOffers, listRenewable, report, reportCsv, saveOffer, submitRenewal } from '@/lib/server/services/renewal';
import { fileResponse } from './fileResponse';
import { implement } from './implement';

export const renewalRoutes = implement(renewalContract, {
  listRenewable: ({ service }) => listRenewable(service),
  getOptions: ({ service, body }) => getOptions(service, body.contractId),
  submitRenewal: ({ service, body }) => submitRenewal(service, body),
  listOffers: ({ service, body }) => listOffers(service, body),
  getOffer: ({ service, body }) => getOffer(service, body.id),
  listModels: ({ service }) => listModels(service),
  saveOffer: ({ service, body }) => saveOffer(service, body),
  listLogs: ({ service, body }) => listLogs(service, body),
  getLog: ({ service, body }) => getLog(service, body.id),
  report: ({ service, body }) => report(service, body.filter),
  exportReport: async ({ service, body }) =>
    fileResponse({ fileName: body.lang === 'tc' ? '續約報告.csv' : 'renewal-report.csv', contentType: 'text/csv; charset=utf-8', body: await reportCsv(service, body.filter, body.lang) }),
});
