import { setupServer } from 'msw/node';
import { systemParamContract } from '@/lib/systemParam/contract';
import { endpointSuccess } from './handlers';

/**
 * The one msw server of the unit project, started and reset by __tests__/unit/setup.ts. Tests add handlers with
 * `server.use(...)` (see ./handlers); a request no handler answers fails the test (`onUnhandledRequest: 'error'`).
 *
 * One answer is ambient, as it is in the portal: the upload size limit (system parameter) that every upload field
 * reads for a signed-in user — 1 MB, the spec's default, unless a test answers otherwise.
 */
export const server = setupServer(endpointSuccess(systemParamContract.endpoints.getUploadFileSize, { paramValue: 1 }));
