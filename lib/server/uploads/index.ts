import type { IncomingMessage } from 'node:http';
import type { Db } from '@/lib/server/db/types';
import { AppError } from '@/lib/server/errors';
import { inspectFile, type CheckedFile, type InspectableType } from './inspectFile';
import { isMultipart, readMultipart, type MultipartForm } from './multipart';

export { cleanFileName, readMultipart, type MultipartForm, type UploadedFile } from './multipart';
export { hasActiveContent, scanPdfActiveContent, PDF_ACTIVE_NAMES, POLYGLOT_MARKERS, type ActiveContentReport } from './pdfActiveContent';
export { inspectFile, isIntactJpeg, isIntactPdf, isIntactPng, isPlainText, XLSX_MIME, type CheckedFile, type InspectableType } from './inspectFile';

/**
 * How an upload endpoint takes its file (defineUploadHandler): the router streams the multipart body with this cap,
 * validates the text fields with the endpoint's zod schema, then checks the file by content, all before the handler.
 */
export type UploadSpec = {
  /** Name of the one file part. */
  fileField: string;
  /** Types accepted, decided from the bytes. */
  accept: readonly InspectableType[];
  /** The cap in bytes, read per request (a system parameter an administrator may change). */
  maxBytes: (db: Db) => Promise<number>;
  /**
   * How many text fields the form may have (default 20). A list sent as a repeated field counts once per item, so an
   * endpoint taking one needs room for the longest list its schema accepts plus its other fields.
   */
  maxFields?: number;
};

/** Reads the multipart body of an upload route (after authentication and permission: strangers stream nothing). */
export async function readUpload(req: IncomingMessage, spec: UploadSpec, db: Db): Promise<MultipartForm> {
  if (!isMultipart(req)) {
    req.resume();
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', { publicMessage: 'Send the form as multipart/form-data' });
  }
  return readMultipart(req, { maxFileBytes: await spec.maxBytes(db), fileField: spec.fileField, ...(spec.maxFields ? { maxFields: spec.maxFields } : {}) });
}

/** The file part of a read upload, checked by content (see inspectFile). */
export function checkUploadedFile(form: MultipartForm, spec: UploadSpec): Promise<CheckedFile> {
  return inspectFile(form.file, spec.accept, spec.fileField);
}

/** MB (the system parameter's unit, fractions allowed) to bytes. */
export const megabytes = (mb: number): number => Math.floor(mb * 1024 * 1024);
