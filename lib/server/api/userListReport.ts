import { userListReportContract } from '@/lib/userListReport/contract';
import { listReport, writeCsv, writeXlsx } from '@/lib/server/services/userListReport/report';
import { fileResponse } from './fileResponse';
import { implement } from './implement';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const fileName = (lang: 'en' | 'tc', ext: string) => `${lang === 'tc' ? '用戶列表' : 'user-list'}.${ext}`;

export const userListReportRoutes = implement(userListReportContract, {
  listReport: ({ service, body }) => listReport(service, body),
  exportCsv: async ({ service, body }) => fileResponse({ fileName: fileName(body.lang, 'csv'), contentType: 'text/csv; charset=utf-8', stream: writeCsv(service, body) }),
  exportXlsx: async ({ service, body }) => fileResponse({ fileName: fileName(body.lang, 'xlsx'), contentType: XLSX, stream: writeXlsx(service, body) }),
});
