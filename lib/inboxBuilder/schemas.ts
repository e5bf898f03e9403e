/** Build inbox message: requests and answers shared by the API and the screens (client-safe). */
import { z } from 'zod';
import { recordIdSchema, uuidSchema, versionSchema, trimBlank } from '@/lib/zodText';
import { listBodySchema, searchStatusFilter, searchTextSchema, type ListResult } from '@/lib/listQuery';
import { isPortalPagePath } from '@/lib/paths';
import { msg } from '@/lib/zodMessages';
import { BUILDER_LIMITS, BUILDER_STATUSES, INBOX_AUDIENCES, INBOX_CATEGORIES, type BuilderStatus, type InboxAudience, type InboxCategory } from './constants';

const noNul = (s: string) => !s.includes('\u0000');
const text = (max: number) =>
  z
    .string()
    .max(max, { error: msg('ui.validation.maxLength', { max }) })
    .refine(noNul, { error: 'ui.validation.invalid' });


const ucpIdSchema = z.string().overwrite(trimBlank).min(1).max(20).regex(/^[A-Za-z0-9_-]+$/, { error: 'ui.validation.invalid' });

export const messageDraftSchema = z
  .strictObject({
    titleEn: text(BUILDER_LIMITS.title).transform((s) => s.trim()),
    titleZh: text(BUILDER_LIMITS.title).transform((s) => s.trim()),
    bodyEn: text(BUILDER_LIMITS.body),
    bodyZh: text(BUILDER_LIMITS.body),
    category: z.enum(INBOX_CATEGORIES),
    audience: z.enum(INBOX_AUDIENCES),
    customerIds: z.array(ucpIdSchema).max(BUILDER_LIMITS.targets).default([]),
    groupIds: z.array(z.uuid({ error: 'ui.validation.invalid' })).max(BUILDER_LIMITS.targets).default([]),
    /** '' = no link. */
    linkPath: text(BUILDER_LIMITS.linkPath)
      .transform((s) => s.trim())
      .refine((s) => s === '' || isPortalPagePath(s), { error: 'inbox-builder:validation.linkPath' })
      .default(''),
    notifyByEmail: z.boolean().default(true),
  })
  .superRefine((v, ctx) => {
    if (!v.titleEn && !v.titleZh) ctx.addIssue({ code: 'custom', path: ['titleEn'], message: 'inbox-builder:validation.titleRequired' });
    if (!v.bodyEn.trim() && !v.bodyZh.trim()) ctx.addIssue({ code: 'custom', path: ['bodyEn'], message: 'inbox-builder:validation.bodyRequired' });
    if (v.audience === 'customers' && v.customerIds.length === 0)
      ctx.addIssue({ code: 'custom', path: ['customerIds'], message: 'inbox-builder:validation.customersRequired' });
    if (v.audience === 'groups' && v.groupIds.length === 0)
      ctx.addIssue({ code: 'custom', path: ['groupIds'], message: 'inbox-builder:validation.groupsRequired' });
  });
export type MessageDraftInput = z.input<typeof messageDraftSchema>;
export type MessageDraft = z.output<typeof messageDraftSchema>;

export const messageIdSchema = recordIdSchema;
export const updateMessageSchema = z.strictObject({ id: uuidSchema, version: versionSchema, draft: messageDraftSchema });

/**
 * Send a draft now (`sendAt` absent) or at a later time (ISO with offset). What is sent is what the staff saw:
 * - `draft`: the edit page's form as it stands; it is saved and scheduled in one transaction (both or neither);
 * - `updatedAt`: the version of the message the screen shows (its `updatedAt`); when it changed since, 409 CONFLICT
 *   and nothing is sent.
 */
export const sendMessageSchema = z.strictObject({
  id: z.uuid({ error: 'ui.validation.invalid' }),
  sendAt: z.iso.datetime({ offset: true, error: 'ui.validation.invalid' }).optional(),
  draft: messageDraftSchema.optional(),
  updatedAt: z.iso.datetime({ offset: true, error: 'ui.validation.invalid' }).optional(),
});
export type SendMessageBody = z.infer<typeof sendMessageSchema>;

export const BUILDER_SORT_FIELDS = ['updatedAt', 'sendTime', 'status'] as const;
export type BuilderSortField = (typeof BUILDER_SORT_FIELDS)[number];

export const listBuilderMessagesSchema = listBodySchema(BUILDER_SORT_FIELDS, searchStatusFilter(BUILDER_STATUSES));
export type ListBuilderMessagesBody = z.infer<typeof listBuilderMessagesSchema>;

export const audienceOptionsSchema = z.strictObject({ q: searchTextSchema.optional() });

export type BuilderListItem = {
  id: string;
  titleEn: string;
  titleZh: string;
  category: InboxCategory;
  status: BuilderStatus;
  audience: InboxAudience;
  sendTime: string | null;
  updatedAt: string;
  recipients: number | null;
  readCount: number;
};
export type BuilderListResult = ListResult<BuilderListItem>;

export type BuilderTarget = { id: string; nameEn: string; nameZh: string };

export type BuilderMessage = BuilderListItem & {
  /** The bodies as stored: sanitized HTML (the view page's preview). */
  bodyEn: string;
  bodyZh: string;
  /**
   * The bodies as the edit form shows them: a body typed without tags as the plain text it was typed (its paragraphs
   * and line breaks), any other as its HTML.
   */
  bodyEnInput: string;
  bodyZhInput: string;
  linkPath: string;
  notifyByEmail: boolean;
  customers: BuilderTarget[];
  groups: BuilderTarget[];
  deliveredAt: string | null;
  createdByName: string | null;
};

export type AudienceOptions = { customers: BuilderTarget[]; groups: BuilderTarget[] };
