/** Build inbox message (docs/inbox-builder.md): provider staff compose, schedule and follow messages. */
import { defineContract, mutation, output, query } from '@/lib/contract';
import { readWrite } from '@/lib/contract/grants';
import {
  audienceOptionsSchema,
  listBuilderMessagesSchema,
  messageDraftSchema,
  messageIdSchema,
  sendMessageSchema,
  updateMessageSchema,
  type AudienceOptions,
  type BuilderListResult,
  type BuilderMessage,
} from './schemas';

const { READ, WRITE } = readWrite('build_inbox_message_read', 'build_inbox_message_write');

export const inboxBuilderContract = defineContract('inboxBuilder', {
  listMessages: query({
    summary:
      'Provider staff: composed messages, newest change first: { items: [{ id, titleEn, titleZh, category, status, audience, sendTime, updatedAt, recipients, readCount }], total }. ' +
      'Filter status[] (draft | scheduled | sent), q (either title); sort updatedAt | sendTime | status.',
    permission: READ,
    body: listBuilderMessagesSchema,
    output: output<BuilderListResult>(),
  }),
  getMessage: query({
    summary: 'Provider staff: one composed message with bodies (sanitized), audience (customers / groups with names), link, e-mail flag, recipients and read count. 404 for others.',
    permission: READ,
    body: messageIdSchema,
    output: output<BuilderMessage>(),
  }),
  audienceOptions: query({
    summary: 'Provider staff: active customers and customer user groups matching q (id or either name), at most 20 of each, for choosing an audience.',
    permission: READ,
    body: audienceOptionsSchema,
    output: output<AudienceOptions>(),
  }),
  createMessage: mutation({
    summary:
      'Save a new draft: titles and bodies en/zh (bodies sanitized on write), category, audience (all_customers | customers + customerIds | groups + groupIds), ' +
      'optional linkPath (a signed-in page of the portal), notifyByEmail. Unknown customers or groups: 400 VALIDATION. Audit row. Answers { id }.',
    permission: WRITE,
    body: messageDraftSchema,
    output: output<{ id: string }>(),
    invalidates: ['inboxBuilder'],
  }),
  updateMessage: mutation({
    summary: 'Replace a draft ({ id, draft }). Only drafts: a scheduled or sent message is 409 MESSAGE_NOT_DRAFT. Audit row.',
    permission: WRITE,
    body: updateMessageSchema,
    output: output<{ id: string }>(),
    invalidates: ['inboxBuilder'],
  }),
  sendMessage: mutation({
    summary:
      'Send a draft now (no sendAt) or schedule it (sendAt, at most a year ahead; a past time means now): status scheduled; a delivery job delivers it to every ' +
      'recipient at that time, exactly once, and queues e-mail notifications. Not a draft: 409 MESSAGE_NOT_DRAFT. Audit row. Answers { id, status, sendTime }.',
    permission: WRITE,
    body: sendMessageSchema,
    output: output<{ id: string; status: 'scheduled'; sendTime: string }>(),
    invalidates: ['inboxBuilder'],
  }),
  unscheduleMessage: mutation({
    summary: 'Take a scheduled message back to draft before its delivery started. Delivery started or sent: 409 MESSAGE_NOT_DRAFT. Audit row.',
    permission: WRITE,
    body: messageIdSchema,
    output: output<{ id: string }>(),
    invalidates: ['inboxBuilder'],
  }),
});
