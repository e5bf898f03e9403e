/**
 * Service requests (docs/service-requests.md): the customer's side (`serviceRequests`: report a fault, follow it,
 * cancel, confirm, reopen, rate) and the provider's service desk (`serviceDesk`: the queue across customers and the
 * staff steps). Declared once (lib/contract). Every change names the `version` it was read at: a stale one answers
 * 409 SERVICE_REQUEST_CHANGED; a step the status does not allow answers 409 SERVICE_REQUEST_WRONG_STATUS.
 */
import { defineContract, download, noBody, output, upload } from '@/lib/contract';
import { maintenance, reads } from '@/lib/contract/grants';
import {
  acknowledgeSchema,
  addSuspensionSchema,
  assignSchema,
  cancelSchema,
  closeSchema,
  confirmSchema,
  createServiceRequestSchema,
  idSchema,
  listDeskSchema,
  listServiceRequestsSchema,
  newRequestContextSchema,
  onSiteSchema,
  rateSchema,
  reopenSchema,
  resolveSchema,
  uploadPhotoFieldsSchema,
  type NewRequestContext,
  type PhotoResult,
  type ServiceDeskDetail,
  type ServiceDeskListResult,
  type ServiceDeskSummary,
  type ServiceMachine,
  type ServiceRequestDetail,
  type ServiceRequestListResult,
  type ServiceRequestReceipt,
  type SuspensionList,
  type SuspensionResult,
} from './schemas';

const { READ, WRITE, read, write } = maintenance('service_req_read', 'service_req_write', ['serviceRequests', 'inbox']);
/** What the "Report a fault" form reads: open to those who may report. */
const readForm = reads(WRITE);
const { READ: DESK_READ, read: deskRead, write: deskWrite } = maintenance('service_req_admin_read', 'service_req_admin_write', ['serviceDesk', 'serviceRequests', 'admin']);

export const serviceRequestsContract = defineContract('serviceRequests', {
  list: read(
    "The current customer's service requests, newest first: reference, machine, category, status, engineer and ETA, SLA (due by, state). " +
      'Filter machineId, status, state (open | done), q (reference, serial, location); sort createdAt | reference | status.',
    listServiceRequestsSchema,
    output<ServiceRequestListResult>(),
  ),
  get: read(
    'One request of the current customer with its machine, SLA, photo, timeline and the actions the user may take now. Another customer’s or unknown: 404.',
    idSchema,
    output<ServiceRequestDetail>(),
  ),
  newRequestContext: readForm(
    'For the "Report a fault" form: the machine (the customer’s, active), its contract and response time, the due time if reported now, the usual contact, and the machine’s open requests. Unknown: 404.',
    newRequestContextSchema,
    output<NewRequestContext>(),
  ),
  machines: readForm(
    'The current customer’s active machines a fault may be reported for (the form’s machine picker when no machineId is given).',
    noBody,
    output<ServiceMachine[]>(),
  ),
  uploadPhoto: upload({
    summary:
      'MULTIPART/FORM-DATA: field machineId (a machine of the customer), file part `file` (JPEG or PNG by content, at most upload_file_size MB). Answers { fileId } to name in create.',
    permission: WRITE,
    body: uploadPhotoFieldsSchema,
    output: output<PhotoResult>(),
  }),
  photo: download({
    summary: 'FILE: the photo of a request of the current customer (JPEG or PNG). None or another customer’s: 404.',
    permission: READ,
    body: idSchema,
  }),
  create: write(
    'Reports a fault for one active machine of the customer: SLA due time from the contract’s response time (HK business hours), timeline, audit, inbox message and e-mail. ' +
      'The same idempotencyKey answers the first receipt ({ replayed: true }) and files nothing. Answers { id, reference, createdAt, slaDueAt, replayed }.',
    createServiceRequestSchema,
    output<ServiceRequestReceipt>(),
  ),
  cancel: write(
    'Cancels a request before an engineer is assigned (submitted | acknowledged), with an optional reason. Answers the request.',
    cancelSchema,
    output<ServiceRequestDetail>(),
  ),
  confirmResolution: write(
    'Confirms a resolved request within 7 days of its resolution and closes it, optionally rating the visit (1–5) with a comment. After 7 days: 409 SERVICE_REQUEST_WINDOW_CLOSED. Answers the request.',
    confirmSchema,
    output<ServiceRequestDetail>(),
  ),
  reopen: write(
    'Reopens a resolved request within 7 days of its resolution (the fault is back), with a reason: back to acknowledged. Answers the request.',
    reopenSchema,
    output<ServiceRequestDetail>(),
  ),
  rate: write('Rates the visit of a closed, not yet rated request (1–5, optional comment). Answers the request.', rateSchema, output<ServiceRequestDetail>()),
});

export const serviceDeskContract = defineContract('serviceDesk', {
  list: deskRead(
    'Staff: service requests of every customer. Filter status, state (open | done), category, ucpId, sla (breached | at_risk | running | met | stopped), q (reference, serial, customer); ' +
      'sort sla (default: breached first, then at risk, then due soonest) | createdAt | reference | customer.',
    listDeskSchema,
    output<ServiceDeskListResult>(),
  ),
  get: deskRead('Staff: one request with its customer, reporter, timeline (who acted) and the staff actions allowed now. Unknown: 404.', idSchema, output<ServiceDeskDetail>()),
  photo: download({ summary: 'Staff: FILE, the photo of a request. None: 404.', permission: DESK_READ, body: idSchema }),
  summary: deskRead(
    'Staff: counts of open requests, of those not yet acknowledged, at risk of breaching their SLA (less than an hour of business time left) and breached.',
    noBody,
    output<ServiceDeskSummary>(),
  ),
  acknowledge: deskWrite('Staff: submitted → acknowledged. Audited, customer notified. Answers the request.', acknowledgeSchema, output<ServiceDeskDetail>()),
  assignEngineer: deskWrite(
    'Staff: names the engineer and the ETA (submitted | acknowledged → engineer_assigned; again on engineer_assigned: a new engineer or ETA). Audited, customer notified. Answers the request.',
    assignSchema,
    output<ServiceDeskDetail>(),
  ),
  markOnSite: deskWrite(
    'Staff: the engineer arrived (engineer_assigned → on_site); stops the SLA clock (met or breached). Audited, customer notified. Answers the request.',
    onSiteSchema,
    output<ServiceDeskDetail>(),
  ),
  resolve: deskWrite(
    'Staff: fixed, with resolution notes (acknowledged | engineer_assigned | on_site → resolved; without a visit the resolution is the response). Audited, customer notified. Answers the request.',
    resolveSchema,
    output<ServiceDeskDetail>(),
  ),
  close: deskWrite('Staff: resolved → closed (the customer did not confirm). Audited, customer notified. Answers the request.', closeSchema, output<ServiceDeskDetail>()),
  listSuspensions: deskRead(
    'Staff: the clock suspensions (Typhoon Signal No. 8 or above, Black Rainstorm Warning), newest first, at most 100: kind, start, end, note, who recorded it.',
    noBody,
    output<SuspensionList>(),
  ),
  addSuspension: deskWrite(
    'Staff: records a time the SLA clock stood still for every request: kind (typhoon_8 | black_rainstorm), startsAt, endsAt (ISO with offset), note. ' +
      'It must end after it starts, last at most 96 hours, start at most 90 days back and end at most 48 hours ahead (field errors). ' +
      'Recomputes the due times of the requests it touches; audited. Answers { id, requestsMoved }.',
    addSuspensionSchema,
    output<SuspensionResult>(),
  ),
  deleteSuspension: deskWrite(
    'Staff: removes a suspension recorded by mistake and recomputes the due times it had moved; audited. Unknown: 404; started more than 90 days ago: 409 SUSPENSION_FINAL. Answers { id, requestsMoved }.',
    idSchema,
    output<SuspensionResult>(),
  ),
});
