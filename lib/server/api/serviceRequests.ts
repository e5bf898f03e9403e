import { PHOTO_TYPES } from '@/lib/serviceRequests/constants';
import { serviceDeskContract, serviceRequestsContract } from '@/lib/serviceRequests/contract';
import * as sr from '@/lib/server/services/serviceRequests';
import { getUploadFileSize } from '@/lib/server/services/systemParam/getUploadFileSize';
import { megabytes } from '@/lib/server/uploads';
import { fileResponse } from './fileResponse';
import { implement } from './implement';

const photoName = (reference: string, mimeType: string) => `${reference}-photo.${mimeType === 'image/png' ? 'png' : 'jpg'}`;

export const serviceRequestRoutes = implement(serviceRequestsContract, {
  list: ({ service, body }) => sr.listRequests(service, body),
  get: ({ service, body }) => sr.getRequest(service, body.id),
  newRequestContext: ({ service, body }) => sr.newRequestContext(service, body.machineId),
  machines: ({ service }) => sr.listMachinesForReport(service),
  uploadPhoto: {
    upload: { fileField: 'file', accept: PHOTO_TYPES, maxBytes: async (db) => megabytes(await getUploadFileSize(db)) },
    handler: ({ service, body, file }) => sr.storePhoto(service, body.machineId, file),
  },
  photo: async ({ service, body }) => {
    const f = await sr.requestPhoto(service, body.id, service.actor.ucpId);
    return fileResponse({ fileName: f.fileName || photoName('service-request', f.mimeType), contentType: f.mimeType, body: Buffer.from(f.content) });
  },
  create: ({ service, body }) => sr.createRequest(service, body),
  cancel: ({ service, body }) => sr.cancelRequest(service, body),
  confirmResolution: ({ service, body }) => sr.confirmResolution(service, body),
  reopen: ({ service, body }) => sr.reopenRequest(service, body),
  rate: ({ service, body }) => sr.rateRequest(service, body),
});

export const serviceDeskRoutes = implement(serviceDeskContract, {
  list: ({ service, body }) => sr.listDesk(service, body),
  get: ({ service, body }) => sr.getDeskRequest(service, body.id),
  photo: async ({ service, body }) => {
    const f = await sr.requestPhoto(service, body.id, null);
    return fileResponse({ fileName: f.fileName || photoName('service-request', f.mimeType), contentType: f.mimeType, body: Buffer.from(f.content) });
  },
  summary: ({ service }) => sr.deskSummary(service),
  listSuspensions: ({ service }) => sr.listSuspensions(service),
  addSuspension: ({ service, body }) => sr.addSuspension(service, body),
  deleteSuspension: ({ service, body }) => sr.deleteSuspension(service, body.id),
  acknowledge: ({ service, body }) => sr.acknowledge(service, body),
  assignEngineer: ({ service, body }) => sr.assignEngineer(service, body),
  markOnSite: ({ service, body }) => sr.markOnSite(service, body),
  resolve: ({ service, body }) => sr.resolve(service, body),
  close: ({ service, body }) => sr.close(service, body),
});
