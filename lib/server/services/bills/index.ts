export { billSummary, listBillContracts, listBills, type ListBillsQuery } from './listBills';
export { getBill } from './getBill';
export { billPdfFile, statementFile } from './documents';
export { buildStatement, statementCsv } from './statement';
export { billStatusSql, balanceSql } from './status';
export { billingToday, setBillingToday } from './today';
