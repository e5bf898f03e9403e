import { ucpIdSchema } from '@/lib/customers/schemas';
import { groupCodeSchema } from '@/lib/userGroups/schemas';

/** A Chinese input method in full-width mode types `ＵＣＰ１０００１０`: the same characters (QA: refused as format). */
const wide = (v: string) => [...v].map((ch) => String.fromCharCode(ch.charCodeAt(0) + 0xfee0)).join('');

describe('codes typed in full-width mode', () => {
  it('a UCP id on the customer form is read half-width and upper-cased', () => {
    expect(ucpIdSchema.parse(`${wide('ucp100010')}\u3000`)).toBe('UCP100010');
  });
  it('a user group code is read half-width and upper-cased', () => {
    expect(groupCodeSchema.parse(wide('cust_viewer'))).toBe('CUST_VIEWER');
  });
});
