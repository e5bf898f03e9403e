import { COUNTER_PHOTO_TYPES } from '@/lib/meter/constants';
import { meterContract } from '@/lib/meter/contract';
import { checkRows, csvTemplate, exportReadings, listMachines, listReadings, parseReadingsCsv, storePhoto, submitReadings, usage } from '@/lib/server/services/meter';
import { getUploadFileSize } from '@/lib/server/services/systemParam/getUploadFileSize';
import { megabytes } from '@/lib/server/uploads';
import { fileResponse } from './fileResponse';
import { implement } from './implement';

export const meterRoutes = implement(meterContract, {
  listMachines: ({ service }) => listMachines(service),
  listReadings: ({ service, body }) => listReadings(service, body),
  usage: ({ service, body }) => usage(service, body),
  exportReadings: async ({ service, body }) =>
    fileResponse({ fileName: body.lang === 'tc' ? '抄錶紀錄.csv' : 'meter-readings.csv', contentType: 'text/csv; charset=utf-8', body: await exportReadings(service, body.filter, body.lang) }),
  csvTemplate: async ({ service }) => fileResponse({ fileName: 'meter-readings-template.csv', contentType: 'text/csv; charset=utf-8', body: await csvTemplate(service) }),
  checkReadings: ({ service, body }) => checkRows(service, body.rows),
  parseCsv: ({ service, body }) => parseReadingsCsv(service, body.csv),
  submitReadings: ({ service, body }) => submitReadings(service, body),
  uploadPhoto: {
    upload: { fileField: 'file', accept: COUNTER_PHOTO_TYPES, maxBytes: async (db) => megabytes(await getUploadFileSize(db)) },
    handler: ({ service, body, file }) => storePhoto(service, body.serialNo, file),
  },
});
