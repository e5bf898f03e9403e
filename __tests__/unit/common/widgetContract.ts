/**
 * A small fake feature for the scaffold tests: a contract like a maintenance area's (list / get / create / update /
 * approve / reject), answered by msw in each test. Nothing of it is in the product.
 */
import { z } from 'zod';
import { defineContract, mutation, output, query } from '@/lib/contract';
import { isoDateSchema, listQuerySchema, searchTextSchema, type ListResult } from '@/lib/listQuery';

export const WIDGET_STATUSES = ['draft', 'active', 'retired'] as const;
export const widgetFilterSchema = z.strictObject({
  status: z.array(z.enum(WIDGET_STATUSES)).max(3).optional(),
  q: searchTextSchema.optional(),
  dateFrom: isoDateSchema.optional(),
  dateTo: isoDateSchema.optional(),
  ownerId: z.uuid().optional(),
});
export const widgetFieldsSchema = z.strictObject({
  name: z.string().trim().min(1, { error: 'ui.validation.required' }).max(40),
  code: z.string().trim().min(1, { error: 'ui.validation.required' }).max(10),
});

export type Widget = { id: string; name: string; code: string; status: (typeof WIDGET_STATUSES)[number] };

export const widgetsContract = defineContract('widgets', {
  listWidgets: query({
    summary: 'test',
    permission: { anyOf: ['home'] },
    body: listQuerySchema(['name', 'code'] as const, widgetFilterSchema),
    output: output<ListResult<Widget>>(),
  }),
  getWidget: query({ summary: 'test', permission: { anyOf: ['home'] }, body: z.strictObject({ id: z.uuid() }), output: output<Widget>() }),
  createWidget: mutation({
    summary: 'test',
    permission: { anyOf: ['home'] },
    body: widgetFieldsSchema.extend({ idempotencyKey: z.uuid() }),
    output: output<{ id: string }>(),
    invalidates: ['widgets'],
  }),
  updateWidget: mutation({
    summary: 'test',
    permission: { anyOf: ['home'] },
    body: widgetFieldsSchema.extend({ id: z.uuid() }),
    output: output<{ id: string }>(),
    invalidates: ['widgets'],
  }),
  approveWidget: mutation({
    summary: 'test',
    permission: { anyOf: ['home'] },
    body: z.strictObject({ id: z.uuid(), comment: z.string().optional() }),
    output: output<{ id: string; status: string }>(),
    invalidates: ['widgets'],
  }),
  rejectWidget: mutation({
    summary: 'test',
    permission: { anyOf: ['home'] },
    body: z.strictObject({ id: z.uuid(), reason: z.string().min(1) }),
    output: output<{ id: string; status: string }>(),
    invalidates: ['widgets'],
  }),
});

export const W1: Widget = { id: '5eed0090-0000-4000-8000-000000000001', name: 'Duplex unit', code: 'DU-1', status: 'active' };
export const W2: Widget = { id: '5eed0090-0000-4000-8000-000000000002', name: 'Finisher', code: 'FN-2', status: 'draft' };
