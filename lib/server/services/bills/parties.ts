import { eq } from 'drizzle-orm';
import { customers } from '@/lib/server/db/schema';
import type { Db } from '@/lib/server/db/types';
import { AppError } from '@/lib/server/errors';
import type { Party, PaymentInstructions } from '@/lib/server/pdf/parties';

type CustomerRow = typeof customers.$inferSelect;

const toParty = (c: CustomerRow): Party => ({
  ucpId: c.ucpId,
  nameEn: c.nameEn,
  nameZh: c.nameZh,
  addressEn: c.billingAddressEn,
  addressZh: c.billingAddressZh,
  phone: c.contactPhone,
  email: c.contactEmail,
  brNo: c.brNo,
});

/** The customer a document is for (tenancy: from the token), and the provider it is from (the provider party row). */
export async function documentParties(db: Db, ucpId: string): Promise<{ customer: Party; provider: Party }> {
  const [customer] = await db.select().from(customers).where(eq(customers.ucpId, ucpId)).limit(1);
  if (!customer) throw new AppError('NOT_FOUND', { message: `customer ${ucpId} not found` });
  const [provider] = await db.select().from(customers).where(eq(customers.isProvider, true)).limit(1);
  return {
    customer: toParty(customer),
    provider: provider
      ? toParty(provider)
      : { ucpId: '', nameEn: 'Customer portal', nameZh: '客戶平台', addressEn: '', addressZh: '', phone: '', email: '', brNo: null },
  };
}

/**
 * Where customers pay, printed on every bill. Demo values of a fictional bank (no real account): a deployment puts
 * its own here (docs/bills.md "Payment instructions").
 */
export function paymentInstructions(provider: Party): PaymentInstructions {
  return {
    bankNameEn: 'Victoria Harbour Bank Limited (demo)',
    bankNameZh: '維港銀行有限公司（示範）',
    bankCode: '888',
    accountNo: '888-123456-001',
    accountNameEn: provider.nameEn,
    accountNameZh: provider.nameZh,
    fpsId: '1688 8888',
    chequePayableEn: provider.nameEn,
    chequePayableZh: provider.nameZh,
    mailingAddressEn: `Accounts Receivable, ${provider.addressEn}`,
    mailingAddressZh: `${provider.addressZh}應收帳款部`,
  };
}
