/**
 * The customer's change forms (components/accountChanges/ChangeForms.tsx): what they start from and how they show
 * the server's refusals, in English and Traditional Chinese.
 */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ReceiveHardcopyScreen } from '@/components/accountChanges/ChangeForms';
import { accountChangesContract as C } from '@/lib/accountChanges/contract';
import type { ChangeType } from '@/lib/accountChanges/constants';
import type { CurrentValues } from '@/lib/accountChanges/schemas';
import type { FunctionCode } from '@/lib/permissions/codes';
import { msg } from '@/lib/zodMessages';
import { endpointError, endpointSuccess, testCustomer } from '../testUtils/handlers';
import { renderWithProviders, text, type TestLocale } from '../testUtils/render';
import { server } from '../testUtils/server';

function current(overrides: Partial<CurrentValues['customer']> = {}, writable: ChangeType[] = ['rec_hardcopy']): CurrentValues {
  const { ucpId: _u, isProvider: _p, customerNos: _c, ...customer } = testCustomer(overrides);
  return { customer, machines: [], contracts: [], writable };
}

/** A change form's page as the agreement step opens it (`?accepted=1`), for a user holding the type's write code. */
function renderForm(ui: React.ReactElement, code: FunctionCode, locale: TestLocale = 'en') {
  return renderWithProviders(ui, { locale, functionCodes: [code], router: { pathname: '/customer-support/account-info-update/add-changes/x', query: { accepted: '1' } } });
}

describe('change of receiving hardcopy bills', () => {
  it.each([
    [false, 'hardcopyOff', 'hardcopyOn'],
    [true, 'hardcopyOn', 'hardcopyOff'],
  ] as const)('starts from the current setting (paper bills %s): nothing else is chosen for the customer', async (receiveHardcopyBill, chosen, other) => {
    server.use(endpointSuccess(C.endpoints.getCurrent, current({ receiveHardcopyBill })));
    renderForm(<ReceiveHardcopyScreen />, 'ac_chg_rec_hardcopy_write');
    expect(await screen.findByRole('radio', { name: text('en', `accountChanges:fields.${chosen}`) })).toBeChecked();
    expect(screen.getByRole('radio', { name: text('en', `accountChanges:fields.${other}`) })).not.toBeChecked();
  });

  it.each(['en', 'tc'] as const)('shows the server’s refusals on the field, naming the open request (%s)', async (locale) => {
    const user = userEvent.setup();
    server.use(
      endpointSuccess(C.endpoints.getCurrent, current({ receiveHardcopyBill: false })),
      endpointError(C.endpoints.submitReceiveHardcopy, 'CHANGE_ALREADY_PENDING', {
        status: 409,
        fields: { receiveHardcopy: [msg('accountChanges:validation.alreadyPending', { requestNo: 'ACR-2026-001234' })] },
      }),
    );
    renderForm(<ReceiveHardcopyScreen />, 'ac_chg_rec_hardcopy_write', locale);
    await user.click(await screen.findByRole('radio', { name: text(locale, 'accountChanges:fields.hardcopyOn') }));
    await user.click(screen.getByRole('button', { name: text(locale, 'accountChanges:form.submit') }));
    const summary = await screen.findByTestId('form-error-summary');
    const expected = createMessage(locale, 'ACR-2026-001234');
    expect(within(summary).getByText(new RegExp(escape(expected)))).toBeInTheDocument();
    expect(expected).toContain('ACR-2026-001234');
  });
});

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const createMessage = (locale: TestLocale, requestNo: string) => text(locale, 'accountChanges:validation.alreadyPending').replace('{{requestNo}}', requestNo);
