import { orderLineSchema } from '@/lib/orders/schemas';
import { searchTextSchema } from '@/lib/listQuery';
import { translateMessage } from '@/lib/zodMessages';
import { createTestI18n } from '../testUtils/render';

/** Limits in shared schemas reach the user with their number, never as a bare `{{max}}`. */
describe('shared schema messages', () => {
  const messageOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) => result.error!.issues[0]!.message;

  it.each(['en', 'tc'] as const)('fills in the limits (%s)', (lng) => {
    const i18n = createTestI18n(lng);
    const t = i18n.getFixedT(lng, 'common');
    const tooMany = translateMessage(t, messageOf(orderLineSchema.safeParse({ productCode: 'X', quantity: 1000 })));
    const tooLong = translateMessage(t, messageOf(searchTextSchema.safeParse('x'.repeat(101))));
    for (const text of [tooMany, tooLong]) {
      expect(text).not.toMatch(/\{\{|\}\}|ui\.validation/);
    }
    expect(tooMany).toContain('999');
    expect(tooLong).toContain('100');
  });
});
