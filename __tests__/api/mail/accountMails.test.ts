import { renderMail } from '@/lib/server/mail/templates';

const data = { name: '陳大文', loginId: 'chan@example.hk', token: 'tok_123', validFor: { hours: 48 } };

describe('account link mails (activation, password reset)', () => {
  it.each(['account_activation', 'password_reset'] as const)('%s: the Chinese part addresses the reader as 您, as the portal does, and writes a full-width colon before its link', (template) => {
    const mail = renderMail(template, data, 'tc', 'https://portal.example.hk');
    const tcPart = mail.text.split('———')[0]!;
    expect(tcPart).toContain('陳大文，您好：');
    expect(tcPart).not.toContain('你');
    expect(mail.subject).not.toContain('你');
    expect(tcPart).toMatch(/(啟用我的帳戶|設定新密碼)：https:\/\/portal\.example\.hk\/tc\/login\//);
    // The English part keeps its own punctuation.
    expect(mail.text.split('———')[1]).toMatch(/(Activate my account|Choose a new password): https:\/\/portal\.example\.hk\/login\//);
  });
});
