export { eligibilityOf, getOptions, listRenewable, submitRenewal } from './customer';
export { getLog, getOffer, listLogs, listModels, listOffers, report, reportCsv, saveOffer } from './staff';
