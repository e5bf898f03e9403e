/** Billing dates use the one Hong Kong calendar module. */
export { addDays, daysBetween, hkToday } from '@/lib/dates/hongKong';
