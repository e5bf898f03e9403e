/**
 * A reference the customer reads and quotes: `SO-2026-001234`. The prefix names the kind (SO order, SH shipment,
 * SR service request, ACR account change, PS payment slip, RN renewal), then the Hong Kong year it was made and a
 * six-digit number. One format for all of them (the seed data's included), written once.
 */
export const referenceNo = (prefix: string, year: string | number, n: number): string => `${prefix}-${year}-${String(n).padStart(6, '0')}`;
