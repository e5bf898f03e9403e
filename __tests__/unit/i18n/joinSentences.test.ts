import { joinSentences } from '@/lib/i18n/locales';

describe('joinSentences', () => {
  it('parts English sentences with a space and Chinese ones with nothing (。 parts them)', () => {
    expect(joinSentences('en', 'Could not load the messages.', 'Try again later.')).toBe('Could not load the messages. Try again later.');
    expect(joinSentences('tc', '未能載入訊息。', '系統出現問題，請稍後再試。')).toBe('未能載入訊息。系統出現問題，請稍後再試。');
  });

  it('leaves out an empty sentence', () => {
    expect(joinSentences('en', 'One.', '', 'Two.')).toBe('One. Two.');
    expect(joinSentences(undefined, 'One.')).toBe('One.');
  });
});
