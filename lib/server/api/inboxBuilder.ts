import { inboxBuilderContract } from '@/lib/inboxBuilder/contract';
import {
  audienceOptions,
  createBuilderMessage,
  getBuilderMessage,
  listBuilderMessages,
  sendBuilderMessage,
  unscheduleBuilderMessage,
  updateBuilderMessage,
} from '@/lib/server/services/inboxBuilder/messages';
import { implement } from './implement';

export const inboxBuilderRoutes = implement(inboxBuilderContract, {
  listMessages: ({ service, body }) => listBuilderMessages(service, body),
  getMessage: ({ service, body }) => getBuilderMessage(service, body.id),
  audienceOptions: ({ service, body }) => audienceOptions(service, body.q),
  createMessage: ({ service, body }) => createBuilderMessage(service, body),
  updateMessage: ({ service, body }) => updateBuilderMessage(service, body.id, body.draft, body.version),
  sendMessage: ({ service, body }) => sendBuilderMessage(service, body.id, body.sendAt, { draft: body.draft, updatedAt: body.updatedAt }),
  unscheduleMessage: ({ service, body }) => unscheduleBuilderMessage(service, body.id),
});
