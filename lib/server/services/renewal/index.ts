export { eligibilityOf, getOptions, listRenewable, submitRenewal } from './customer';
export { getLog, listLogs, listModels, listOffers, report, reportCsv, saveOffer } from './staff';
