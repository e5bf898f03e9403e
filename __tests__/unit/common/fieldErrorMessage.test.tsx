/**
 * A list field's error is shown wherever react-hook-form keeps it: on the field, on the list's `root`, or on one of
 * its items. The offer form's typed UCP ids read only the first item's, so a too-long id in third place refused the
 * form with no message on the field.
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FieldError } from 'react-hook-form';
import { offersResource } from '@/components/admin/offers/resource';
import { fieldErrorMessage } from '@/components/common/form';
import { ResourceFormPage } from '@/components/common/resource';
import { offersContract } from '@/lib/offers/contract';
import { msg } from '@/lib/zodMessages';
import { endpointError, endpointSuccess } from '../testUtils/handlers';
import { renderWithProviders } from '../testUtils/render';
import { server } from '../testUtils/server';

const asError = (e: unknown) => e as FieldError;

describe('fieldErrorMessage', () => {
  it('reads a plain field’s message', () => {
    expect(fieldErrorMessage(asError({ type: 'too_small', message: 'ui.validation.required' }))).toBe('ui.validation.required');
  });

  it('reads a whole list’s rule from root', () => {
    expect(fieldErrorMessage(asError({ root: { type: 'custom', message: 'offers:errors.customersRequired' } }))).toBe('offers:errors.customersRequired');
  });

  it('reads the first failing item of a list, wherever it stands, and an item’s own field', () => {
    const items: unknown[] = [];
    items[3] = { type: 'too_big', message: 'third' };
    items[5] = { type: 'too_big', message: 'fifth' };
    expect(fieldErrorMessage(asError(items))).toBe('third');
    const links: unknown[] = [];
    links[1] = { ucpId: { type: 'server', message: 'users:errors.unknownCustomer' } };
    expect(fieldErrorMessage(asError(links))).toBe('users:errors.unknownCustomer');
  });

  it('a rule of the whole list wins over its items: message, then root, then the first failing item', () => {
    const items: unknown[] = [];
    items[0] = { type: 'too_big', message: 'item' };
    expect(fieldErrorMessage(asError(Object.assign([...items], { message: 'list', root: { message: 'root' } })))).toBe('list');
    expect(fieldErrorMessage(asError(Object.assign([...items], { root: { message: 'root' } })))).toBe('root');
    expect(fieldErrorMessage(asError([{ groupIds: { root: { message: 'nested root' } } }]))).toBe('nested root');
  });

  it('never walks the DOM element react-hook-form keeps in ref, and is undefined without an error', () => {
    const ref = { get message() { throw new Error('walked into ref'); } };
    expect(fieldErrorMessage(asError({ type: 'x', ref }))).toBeUndefined();
    expect(fieldErrorMessage(undefined)).toBeUndefined();
  });
});

describe('offer form: the typed UCP ids', () => {
  it('a too-long id after valid ones is flagged on the field, and nothing is sent', async () => {
    const sent: unknown[] = [];
    server.use(endpointSuccess(offersContract.endpoints.createOffer, (body) => (sent.push(body), { id: 'x' }) as never));
    renderWithProviders(<ResourceFormPage resource={offersResource} mode="add" />, { functionCodes: ['offer_write'] });
    await userEvent.type(await screen.findByRole('textbox', { name: 'Title (English)' }), 'Spring toner offer');
    await userEvent.type(screen.getByRole('textbox', { name: 'Title (Chinese)' }), '春季碳粉優惠');
    await userEvent.click(screen.getByRole('radio', { name: 'Chosen customers' }));
    const ids = screen.getByRole('textbox', { name: /Customers \(UCP IDs\)/ });
    await userEvent.type(ids, `UCP100001, UCP100002, UCP${'9'.repeat(40)}`);
    await userEvent.click(screen.getByRole('button', { name: 'Add offer' }));
    // The message names the id (cut to its start), not only the rule: in a long list staff would hunt for it.
    expect(ids).toHaveAccessibleDescription(`“UCP${'9'.repeat(17)}…” is not a UCP ID: use 3 to 20 letters, digits, - or _, starting with a letter or digit.`);
    expect(ids).toHaveAttribute('aria-invalid', 'true');
    expect(sent).toHaveLength(0);
  });

  it('names the ids the server does not know, in the page’s language', async () => {
    server.use(
      endpointError(offersContract.endpoints.createOffer, 'VALIDATION', {
        fields: { customerIds: [msg('offers:errors.customerUnknown', { ids: ['UCP000001', 'UCP000002'] })] },
      }),
    );
    renderWithProviders(<ResourceFormPage resource={offersResource} mode="add" />, { functionCodes: ['offer_write'], locale: 'tc' });
    await userEvent.type(await screen.findByRole('textbox', { name: '標題（英文）' }), 'Spring toner offer');
    await userEvent.type(screen.getByRole('textbox', { name: '標題（中文）' }), '春季碳粉優惠');
    await userEvent.click(screen.getByRole('radio', { name: '指定客戶' }));
    const ids = screen.getByRole('textbox', { name: /客戶（UCP 編號）/ });
    await userEvent.type(ids, 'UCP100001, UCP000001, UCP000002');
    await userEvent.click(screen.getByRole('button', { name: '新增優惠' }));
    await waitFor(() => expect(ids).toHaveAccessibleDescription('以下 UCP 編號並非客戶：UCP000001及UCP000002。'));
  });
});
