import type { SuspensionSpan } from '@/lib/serviceRequests/schemas';

/** A Typhoon Signal No. 8 of 16 Sept 2026, 9:40 am to 4:20 pm Hong Kong time: "… 9:40 am to 4:20 pm" on one day. */
export const T8_SPAN: SuspensionSpan = { kind: 'typhoon_8', startsAt: '2026-09-16T01:40:00.000Z', endsAt: '2026-09-16T08:20:00.000Z' };
