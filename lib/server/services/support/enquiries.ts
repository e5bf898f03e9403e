/**
 * Contact-us enquiries (docs/support.md): filed by a customer user for its current customer, audited, acknowledged by
 * an inbox message to the sender (delivered at once, like any inbox message) and, unless the user turned inbox mails
 * off, by that message's e-mail notification through the outbox (docs/mail.md). Everything in one transaction:
 * a failure files nothing and sends nothing.
 */
import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import { enquiryReference, type EnquiryTopic } from '@/lib/support/constants';
import type { EnquiryReceipt, EnquiryRecord, EnquiryRow, ListEnquiriesBody, SubmitEnquiryBody } from '@/lib/support/schemas';
import { audit } from '@/lib/server/audit';
import { inTransaction, type CustomerContext, type ServiceContext } from '@/lib/server/context';
import { customers, enquiries, inboxDeliveries, inboxMessages, userAccounts, userMailPreferences } from '@/lib/server/db/schema';
import { referenceNumber, textSearch } from '@/lib/server/db/like';
import { paginate, totalCount } from '@/lib/server/db/paginate';
import { AppError } from '@/lib/server/errors';
import { queueMail } from '@/lib/server/mail/queueMail';
import { escapeHtml, richTextToPlain, sanitizeRichText } from '@/lib/server/sanitize';
import { firstOr404 } from '@/lib/server/services/common';

const TOPIC_NAMES: Record<EnquiryTopic, { en: string; zh: string }> = {
  general: { en: 'General enquiry', zh: '一般查詢' },
  bills_payment: { en: 'Bills and payment', zh: '帳單及付款' },
  meter_reading: { en: 'Meter reading', zh: '抄錶' },
  toner_orders: { en: 'Toner and supplies', zh: '碳粉及耗材' },
  service_repair: { en: 'Service and repair', zh: '維修服務' },
  contracts: { en: 'Contracts and renewal', zh: '合約及續約' },
  portal_use: { en: 'Using the portal', zh: '使用平台' },
};

/** The acknowledgement's texts: the customer's own words are escaped, never inserted as markup. */
function acknowledgement(reference: string, body: SubmitEnquiryBody) {
  const topic = TOPIC_NAMES[body.topic];
  const subject = escapeHtml(body.subject);
  return {
    titleEn: `We have received your enquiry ${reference}`,
    titleZh: `我們已收到您的查詢 ${reference}`,
    bodyEn: sanitizeRichText(
      `<p>Thank you for contacting Pacific Imaging. Your enquiry <strong>${reference}</strong> (${topic.en}: “${subject}”) has been passed to our customer service team.</p>` +
        '<p>We reply within one working day (Monday to Friday, 9:00 a.m. to 6:00 p.m., except public holidays). For an urgent machine fault, please call our service hotline on 2811 2288.</p>' +
        `<p>Please quote ${reference} if you contact us about this enquiry.</p>`,
    ),
    bodyZh: sanitizeRichText(
      `<p>多謝您聯絡太平洋影像。您的查詢 <strong>${reference}</strong>（${topic.zh}：「${subject}」）已轉交我們的客戶服務團隊。</p>` +
        '<p>我們會於一個工作天內回覆（星期一至五上午九時至下午六時，公眾假期除外）。如機器出現緊急故障，請致電維修熱線 2811 2288。</p>' +
        `<p>如就此查詢與我們聯絡，請提供編號 ${reference}。</p>`,
    ),
  };
}

export async function submitEnquiry(ctx: CustomerContext, body: SubmitEnquiryBody): Promise<EnquiryReceipt> {
  const { userAcUuid, ucpId } = ctx.actor;
  return inTransaction(ctx, async (tx) => {
    const receipt = (r: { id: string; enquiryNo: number; createdAt: Date }): EnquiryReceipt => ({ id: r.id, reference: enquiryReference(r.enquiryNo), createdAt: r.createdAt.toISOString() });
    const { idempotencyKey, ...fields } = body;
    const [row] = await tx.db
      .insert(enquiries)
      .values({ ...fields, ucpId, userAcUuid, idempotencyKey, createdAt: tx.now() })
      .onConflictDoNothing({ target: [enquiries.userAcUuid, enquiries.idempotencyKey] })
      .returning({ id: enquiries.id, enquiryNo: enquiries.enquiryNo, createdAt: enquiries.createdAt });
    if (!row) {
      // The same submission again (a retry after a time-out, a double click): the first receipt, nothing new.
      const [first] = await tx.db
        .select({ id: enquiries.id, enquiryNo: enquiries.enquiryNo, createdAt: enquiries.createdAt })
        .from(enquiries)
        .where(and(eq(enquiries.userAcUuid, userAcUuid), eq(enquiries.idempotencyKey, idempotencyKey)));
      if (!first) throw new AppError('CONFLICT');
      return receipt(first);
    }
    const reference = enquiryReference(row.enquiryNo);
    await audit(tx, { action: 'create', entity: 'enquiry', entityId: row.id, after: { reference, ucpId, ...fields } });

    const ack = acknowledgement(reference, body);
    const [message] = await tx.db
      .insert(inboxMessages)
      .values({ ...ack, category: 'service', status: 'sent', sendTime: tx.now(), createdAt: tx.now(), updatedAt: tx.now() })
      .returning({ id: inboxMessages.id });
    await tx.db.insert(inboxDeliveries).values({ messageId: message!.id, userAcUuid, ucpId, sendTime: tx.now(), deliveredAt: tx.now() });
    await tx.db.update(enquiries).set({ ackMessageId: message!.id }).where(eq(enquiries.id, row.id));

    const [user] = await tx.db
      .select({ email: userAccounts.email, lang: userAccounts.preferredLanguage, status: userAccounts.status, wants: sql<boolean>`coalesce(${userMailPreferences.inboxEmail}, true)` })
      .from(userAccounts)
      .leftJoin(userMailPreferences, eq(userMailPreferences.userAcUuid, userAccounts.userAcUuid))
      .where(eq(userAccounts.userAcUuid, userAcUuid));
    if (user && user.status === 'active' && user.email && user.wants) {
      await queueMail(tx, {
        to: user.email,
        template: 'inbox_message',
        locale: user.lang === 'tc' ? 'tc' : 'en',
        data: { ucpId, messageId: message!.id, titleEn: ack.titleEn, titleZh: ack.titleZh, previewEn: richTextToPlain(ack.bodyEn), previewZh: richTextToPlain(ack.bodyZh) },
      });
    }
    return receipt(row);
  });
}

export async function listEnquiries(ctx: ServiceContext, body: ListEnquiriesBody) {
  const where: SQL[] = [];
  const f = body.filter ?? {};
  if (f.topic) where.push(eq(enquiries.topic, f.topic));
  if (f.q) {
    // `ENQ-000123`, `enq-123` or `123` also finds an enquiry by its number.
    const no = referenceNumber(f.q, /enq-?/);
    const byNumber = no !== null ? [eq(enquiries.enquiryNo, no)] : [];
    where.push(textSearch(f.q, [enquiries.subject, enquiries.contactName, enquiries.contactEmail, enquiries.ucpId, customers.nameEn, customers.nameZh], () => byNumber));
  }
  const q = ctx.db
    .select({
      id: enquiries.id,
      enquiryNo: enquiries.enquiryNo,
      ucpId: enquiries.ucpId,
      nameEn: customers.nameEn,
      nameZh: customers.nameZh,
      topic: enquiries.topic,
      subject: enquiries.subject,
      contactName: enquiries.contactName,
      createdAt: enquiries.createdAt,
      __total: totalCount(),
    })
    .from(enquiries)
    .innerJoin(customers, eq(customers.ucpId, enquiries.ucpId))
    .where(where.length ? and(...where) : undefined)
    .orderBy(body.sort?.direction === 'asc' ? enquiries.createdAt : desc(enquiries.createdAt), desc(enquiries.enquiryNo));
  return paginate(q, body, (r): EnquiryRow => ({
    id: r.id,
    reference: enquiryReference(r.enquiryNo),
    ucpId: r.ucpId,
    customerName: r.nameEn,
    customerNameZh: r.nameZh,
    topic: r.topic,
    subject: r.subject,
    contactName: r.contactName,
    createdAt: r.createdAt.toISOString(),
  }));
}

export async function getEnquiry(ctx: ServiceContext, id: string): Promise<EnquiryRecord> {
  const r = await firstOr404(ctx.db
    .select({ e: enquiries, nameEn: customers.nameEn, nameZh: customers.nameZh, loginId: userAccounts.loginId })
    .from(enquiries)
    .innerJoin(customers, eq(customers.ucpId, enquiries.ucpId))
    .leftJoin(userAccounts, eq(userAccounts.userAcUuid, enquiries.userAcUuid))
    .where(eq(enquiries.id, id)));
  const e = r.e;
  return {
    id: e.id,
    reference: enquiryReference(e.enquiryNo),
    ucpId: e.ucpId,
    customerName: r.nameEn,
    customerNameZh: r.nameZh,
    topic: e.topic,
    subject: e.subject,
    message: e.message,
    contactName: e.contactName,
    contactEmail: e.contactEmail,
    contactPhone: e.contactPhone,
    loginId: r.loginId,
    acknowledged: e.ackMessageId !== null,
    createdAt: e.createdAt.toISOString(),
  };
}
