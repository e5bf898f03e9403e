import { and, eq, inArray } from 'drizzle-orm';
import { customerReadCode, customerWriteCode, type ChangeStatus, type ChangeType } from '@/lib/accountChanges/constants';
import { inboxDeliveries, inboxMessages, userAccounts, userCustomers, userGroupFunctions, userGroupMembers, userGroups } from '@/lib/server/db/schema';
import type { ServiceContext } from '@/lib/server/context';
import { escapeHtml } from '@/lib/server/sanitize';
import type { Actor } from '@/lib/server/context';

/** The type names the inbox message uses (the screens translate the codes themselves). */
export const TYPE_NAMES: Record<ChangeType, { en: string; zh: string }> = {
  comp_name: { en: 'Change of company name', zh: '更改公司名稱' },
  bill_addr: { en: 'Change of billing address', zh: '更改帳單地址' },
  machine_loc: { en: 'Change of machine location', zh: '更改機器位置' },
  rec_hardcopy: { en: 'Change of receiving hardcopy bills', zh: '更改收取紙本帳單' },
  toner_addr: { en: 'Change of toner delivery address', zh: '更改碳粉送貨地址' },
  trans_agree: { en: 'Transfer or novation agreement', zh: '轉讓或更替協議' },
};

function texts(status: ChangeStatus, requestNo: string, type: ChangeType, comment: string | null) {
  const n = TYPE_NAMES[type];
  // The reviewer's lines stay lines in the message (the reason box is multi-line).
  const c = comment ? escapeHtml(comment).replace(/\n/g, '<br>') : '';
  switch (status) {
    case 'pending':
      return {
        titleEn: `We received your request ${requestNo}`,
        titleZh: `我們已收到您的申請 ${requestNo}`,
        bodyEn: `<p>Your request "${n.en}" (${requestNo}) was submitted and waits for our review.</p>`,
        bodyZh: `<p>您的「${n.zh}」申請（${requestNo}）已提交，正等待我們審批。</p>`,
      };
    case 'inProgress':
      return {
        titleEn: `We are working on your request ${requestNo}`,
        titleZh: `我們正在處理您的申請 ${requestNo}`,
        bodyEn: `<p>Your request "${n.en}" (${requestNo}) is being processed.</p>${c ? `<p>${c}</p>` : ''}`,
        bodyZh: `<p>您的「${n.zh}」申請（${requestNo}）正在處理中。</p>${c ? `<p>${c}</p>` : ''}`,
      };
    case 'approved':
      // A transfer's approval changes no record (docs/account-changes.md): the contract team re-papers the contracts and
      // marks the request completed. Its notice said the records "now show the change" like the other types'.
      if (type === 'trans_agree') {
        return {
          titleEn: `Your request ${requestNo} was approved`,
          titleZh: `您的申請 ${requestNo} 已獲批准`,
          bodyEn: `<p>Your request "${n.en}" (${requestNo}) was approved. Our contract team will now prepare the transfer of the contracts; we will tell you when it is completed.</p>${c ? `<p>${c}</p>` : ''}`,
          bodyZh: `<p>您的「${n.zh}」申請（${requestNo}）已獲批准。我們的合約團隊現正辦理合約轉讓，完成後會通知您。</p>${c ? `<p>${c}</p>` : ''}`,
        };
      }
      return {
        titleEn: `Your request ${requestNo} was approved`,
        titleZh: `您的申請 ${requestNo} 已獲批准`,
        bodyEn: `<p>Your request "${n.en}" (${requestNo}) was approved and your account records now show the change.</p>${c ? `<p>${c}</p>` : ''}`,
        bodyZh: `<p>您的「${n.zh}」申請（${requestNo}）已獲批准，您的帳戶記錄已更新。</p>${c ? `<p>${c}</p>` : ''}`,
      };
    case 'reject':
      return {
        titleEn: `Your request ${requestNo} was not approved`,
        titleZh: `您的申請 ${requestNo} 未獲批准`,
        bodyEn: `<p>Your request "${n.en}" (${requestNo}) was not approved.</p><p>Reason: ${c}</p>`,
        bodyZh: `<p>您的「${n.zh}」申請（${requestNo}）未獲批准。</p><p>原因：${c}</p>`,
      };
    case 'completed':
      return {
        titleEn: `Your request ${requestNo} is completed`,
        titleZh: `您的申請 ${requestNo} 已完成`,
        bodyEn: `<p>Your request "${n.en}" (${requestNo}) is completed.</p>${c ? `<p>${c}</p>` : ''}`,
        bodyZh: `<p>您的「${n.zh}」申請（${requestNo}）已完成。</p>${c ? `<p>${c}</p>` : ''}`,
      };
  }
}

/**
 * Tells the customer about a step of its request in the inbox: one message, delivered to the submitter and to every
 * user of that customer who may read this type of request (its `ac_chg_*` code for that customer). Runs in the
 * step's transaction.
 */
export async function notifyCustomer(
  ctx: ServiceContext<Actor | null>,
  req: { ucpId: string; requestNo: string; type: ChangeType; status: ChangeStatus; comment: string | null; submittedBy: string | null },
): Promise<void> {
  const codes = [customerReadCode(req.type), customerWriteCode(req.type)];
  const readers = await ctx.db
    .selectDistinct({ userAcUuid: userCustomers.userAcUuid })
    .from(userCustomers)
    .innerJoin(userAccounts, eq(userAccounts.userAcUuid, userCustomers.userAcUuid))
    .innerJoin(userGroupMembers, and(eq(userGroupMembers.userAcUuid, userCustomers.userAcUuid), eq(userGroupMembers.ucpId, userCustomers.ucpId)))
    .innerJoin(userGroups, and(eq(userGroups.id, userGroupMembers.groupId), eq(userGroups.status, 'active')))
    .innerJoin(userGroupFunctions, eq(userGroupFunctions.groupId, userGroups.id))
    .where(and(eq(userCustomers.ucpId, req.ucpId), eq(userAccounts.status, 'active'), inArray(userGroupFunctions.fnCode, codes)));
  const recipients = new Set(readers.map((r) => r.userAcUuid));
  if (req.submittedBy) {
    const [linked] = await ctx.db
      .select({ userAcUuid: userCustomers.userAcUuid })
      .from(userCustomers)
      .where(and(eq(userCustomers.ucpId, req.ucpId), eq(userCustomers.userAcUuid, req.submittedBy)));
    if (linked) recipients.add(linked.userAcUuid);
  }
  if (recipients.size === 0) return;
  const now = ctx.now();
  const [message] = await ctx.db
    .insert(inboxMessages)
    .values({ ...texts(req.status, req.requestNo, req.type, req.comment), category: 'service', status: 'sent', sendTime: now, createdAt: now, updatedAt: now })
    .returning({ id: inboxMessages.id });
  await ctx.db
    .insert(inboxDeliveries)
    .values([...recipients].map((userAcUuid) => ({ messageId: message!.id, userAcUuid, ucpId: req.ucpId, sendTime: now, deliveredAt: now })));
}
