/** Build inbox message (docs/inbox-builder.md): provider staff compose, schedule and follow messages. */
import { defineContract, output, withBodyLimit } from '@/lib/contract';
import { maintenance } from '@/lib/contract/grants';
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

const { read, write, writeId } = maintenance('build_inbox_message_read', 'build_inbox_message_write', ['inboxBuilder']);

/**
 * A draft at its schema's maximum: two bodies of 20,000 characters (BUILDER_LIMITS.body), 200 customers or groups,
 * at 6 bytes a character (a Chinese character is 3 bytes, HTML's `"` or `<` escaped up to 6): ≈ 307 kB
 * (`maxJsonSize`, __tests__/api/bodyLimit.test.ts). Over the default 100 kB cap, two long Chinese bodies were 413.
 */
const DRAFT_BODY_LIMIT = 320 * 1024;

export const inboxBuilderContract = defineContract('inboxBuilder', {
  listMessages: read(
    'Provider staff: composed messages, newest change first: { items: [{ id, titleEn, titleZh, category, status, audience, sendTime, updatedAt, recipients, readCount }], total }. ' +
      'Filter status[] (draft | scheduled | sent), q (either title); sort updatedAt | sendTime | status.',
    listBuilderMessagesSchema,
    output<BuilderListResult>(),
  ),
  getMessage: read(
    'Provider staff: one composed message with bodies (sanitized HTML; bodyEnInput / bodyZhInput: as the edit form shows them, a body typed as plain text as that text), audience (customers / groups with names), link, e-mail flag, recipients and read count. 404 for others.',
    messageIdSchema,
    output<BuilderMessage>(),
  ),
  audienceOptions: read(
    'Provider staff: active customers (not the provider\'s own party) and customer user groups matching q (id or either name), at most 20 of each, for choosing an audience.',
    audienceOptionsSchema,
    output<AudienceOptions>(),
  ),
  createMessage: withBodyLimit(writeId(
    'Save a new draft: titles and bodies en/zh (bodies sanitized on write), category, audience (all_customers | customers + customerIds | groups + groupIds), ' +
      'optional linkPath (a signed-in page of the portal), notifyByEmail. Unknown or inactive customers or groups, or the provider\'s own party: 400 VALIDATION ' +
      '(fields.customerIds / groupIds). Audit row. Answers { id }.',
    messageDraftSchema,
  ), DRAFT_BODY_LIMIT),
  updateMessage: withBodyLimit(writeId(
    'Replace a draft ({ id, version, draft }). Field errors as fields.draft.* (e.g. draft.titleEn, draft.customerIds). Only drafts: a scheduled or sent ' +
      'message is 409 MESSAGE_NOT_DRAFT. Audit row.',
    updateMessageSchema,
  ), DRAFT_BODY_LIMIT),
  sendMessage: withBodyLimit(write(
    'Send a draft now (no sendAt) or schedule it (sendAt, at most a year ahead; a past time means now): status scheduled; a delivery job delivers it to every ' +
      'recipient at that time, exactly once, and queues e-mail notifications. With draft (the edit form as it stands): the draft is saved first in the same ' +
      'transaction (field errors as fields.draft.*, e.g. draft.customerIds; then nothing is saved or sent). With updatedAt (the version the screen ' +
      'shows): 409 CONFLICT when the message changed since. Audience no longer valid (a customer inactive, the provider party): 400 VALIDATION. ' +
      'Not a draft: 409 MESSAGE_NOT_DRAFT. Audit rows. Answers { id, status, sendTime }.',
    sendMessageSchema,
    output<{ id: string; status: 'scheduled'; sendTime: string }>(),
  ), DRAFT_BODY_LIMIT),
  unscheduleMessage: writeId(
    'Take a scheduled message back to draft before its delivery started. Delivery started or sent: 409 MESSAGE_NOT_DRAFT. Audit row.',
    messageIdSchema,
  ),
});
