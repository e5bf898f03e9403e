/**
 * A small fake feature for the scaffold tests: a contract like a maintenance area's (list / get / create / update /
 * approve / reject), answered by msw in each test. Nothing of it is in the product.
 */
import { z } from 'zod';
import { defineContract, lazyBody, output } from '@/lib/contract';
import { reads, writes } from '@/lib/contract/grants';
import { isoDateSchema, listQuerySchema, searchTextSchema, type ListResult } from '@/lib/listQuery';
import { versionSchema } from '@/lib/zodText';

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

/** The list body and the versioned update body, also declared lazily below (as the contracts the home page calls are). */
export const widgetListSchema = listQuerySchema(['name', 'code'] as const, widgetFilterSchema);
export const widgetVersionedUpdateSchema = widgetFieldsSchema.extend({ id: z.uuid(), version: versionSchema });

export type Widget = { id: string; name: string; code: string; status: (typeof WIDGET_STATUSES)[number]; updatedAt?: string };

/** Every entry is open to `home` (any signed-in user); writes make the widget queries stale. */
const read = reads({ anyOf: ['home'] });
const write = writes({ anyOf: ['home'] }, ['widgets']);

export const widgetsContract = defineContract('widgets', {
  listWidgets: read('test', widgetListSchema, output<ListResult<Widget>>()),
  listLazyWidgets: read('test', lazyBody(() => Promise.resolve(widgetListSchema)), output<ListResult<Widget>>()),
  getWidget: read('test', z.strictObject({ id: z.uuid() }), output<Widget>()),
  createWidget: write('test', widgetFieldsSchema.extend({ idempotencyKey: z.uuid() }), output<{ id: string }>()),
  updateWidget: write('test', widgetFieldsSchema.extend({ id: z.uuid() }), output<{ id: string }>()),
  /** An update with optimistic concurrency, like the staff maintenance areas' (409 RECORD_CHANGED when stale). */
  updateVersionedWidget: write('test', widgetVersionedUpdateSchema, output<{ id: string }>()),
  updateLazyVersionedWidget: write('test', lazyBody(() => Promise.resolve(widgetVersionedUpdateSchema)), output<{ id: string }>()),
  approveWidget: write('test', z.strictObject({ id: z.uuid(), comment: z.string().optional() }), output<{ id: string; status: string }>()),
  rejectWidget: write('test', z.strictObject({ id: z.uuid(), reason: z.string().min(1) }), output<{ id: string; status: string }>()),
});

export const W1: Widget = { id: '5eed0090-0000-4000-8000-000000000001', name: 'Duplex unit', code: 'DU-1', status: 'active' };
export const W2: Widget = { id: '5eed0090-0000-4000-8000-000000000002', name: 'Finisher', code: 'FN-2', status: 'draft' };
