import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PlaceOrderDialog } from '@/components/orders/PlaceOrderDialog';
import { addDays, hkToday } from '@/lib/dates/hongKong';
import { http, HttpResponse } from 'msw';
import { endpointSuccess } from '../testUtils/handlers';
import { ordersContract } from '@/lib/orders/contract';
import { renderWithProviders } from '../testUtils/render';
import { server } from '../testUtils/server';
import { machine, products } from './orderFixtures';

const MACHINES = ordersContract.endpoints.listOrderableMachines;
const PRODUCTS = ordersContract.endpoints.listProductsForMachine;
const PLACE = ordersContract.endpoints.placeTonerOrder;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

const second = machine({
  id: '5eed0021-0000-4000-8000-000000000003',
  serialNo: 'JPBCN8K1Q7',
  modelNameEn: 'HP LaserJet Enterprise M611dn mono printer',
  modelNameZh: 'HP LaserJet Enterprise M611dn 黑白鐳射打印機',
  locationEn: '12/F Accounts Department',
  locationZh: '12樓會計部',
});

function setup(opts: { locale?: 'en' | 'tc' } = {}) {
  const placed: Record<string, unknown>[] = [];
  server.use(
    endpointSuccess(MACHINES, [machine(), second]),
    endpointSuccess(PRODUCTS, products),
    endpointSuccess(PLACE, { id: '5eed0030-0000-4000-8000-000000009999', orderNo: 'SO-2026-005001', created: true }, {
      onRequest: (req) => {
        void req.clone().json().then((b) => placed.push(b as Record<string, unknown>));
      },
    }),
  );
  const onClose = jest.fn();
  const utils = renderWithProviders(<PlaceOrderDialog open onClose={onClose} />, {
    functionCodes: ['mgt_order_read', 'mgt_order_write'],
    locale: opts.locale,
  });
  return { ...utils, onClose, placed, user: userEvent.setup() };
}

/** Machine → items (2 black toners) → delivery step. */
async function toDelivery(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('radio', { name: /3C4-512784/ }));
  await user.click(screen.getByRole('button', { name: 'Next' }));
  const black = await screen.findByTestId('product-CT203502');
  await user.click(within(black).getByRole('button', { name: 'More: Black toner cartridge (Apeos C3060)' }));
  await user.click(within(black).getByRole('button', { name: 'More: Black toner cartridge (Apeos C3060)' }));
  await user.click(screen.getByRole('button', { name: 'Next' }));
  await screen.findByRole('textbox', { name: /Contact phone/ });
}

describe('PlaceOrderDialog', () => {
  it('opens with the machine chosen on its page (order toner from my machines); an unknown id chooses nothing', async () => {
    server.use(endpointSuccess(MACHINES, [machine(), second]), endpointSuccess(PRODUCTS, products));
    const { unmount } = renderWithProviders(<PlaceOrderDialog open onClose={jest.fn()} initialMachineId={second.id} />, { functionCodes: ['mgt_order_read', 'mgt_order_write'] });
    await waitFor(() => expect(screen.getByRole('radio', { name: /JPBCN8K1Q7/ })).toBeChecked());
    expect(screen.getByRole('radio', { name: /3C4-512784/ })).not.toBeChecked();
    unmount();
    renderWithProviders(<PlaceOrderDialog open onClose={jest.fn()} initialMachineId="5eed0021-0000-4000-8000-000000000999" />, { functionCodes: ['mgt_order_read', 'mgt_order_write'] });
    await screen.findByRole('radio', { name: /JPBCN8K1Q7/ });
    expect(screen.queryByRole('radio', { checked: true })).toBeNull();
  });

  it('stacks its content from the top, not stretched over a full-screen phone dialog (QA: wide gaps under "Step 1 of 4")', async () => {
    setup();
    await screen.findByRole('radio', { name: /3C4-512784/ });
    expect(screen.getByRole('dialog').querySelector('.MuiDialogContent-root')).toHaveStyle({ display: 'grid', alignContent: 'start' });
  });

  it('names the machine of the items step in Chinese quotes, not between spaces (QA: "適用於 富士膠片… 的貨品")', async () => {
    const { user } = setup({ locale: 'tc' });
    await user.click(await screen.findByRole('radio', { name: /3C4-512784/ }));
    await user.click(screen.getByRole('button', { name: '下一步' }));
    await screen.findByTestId('product-CT203502');
    expect(screen.getByText(/^只列出適用於「.+」的貨品，/)).toBeInTheDocument();
  });

  it('asks for a machine, then at least one item', async () => {
    const { user } = setup();
    await screen.findByRole('radio', { name: /3C4-512784/ });
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Choose a machine.');

    await user.click(screen.getByRole('radio', { name: /JPBCN8K1Q7/ }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText(/Only items that fit the HP LaserJet Enterprise M611dn mono printer are listed/)).toBeInTheDocument();
    await screen.findByTestId('product-CT203502');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Choose at least one item.');
  });

  it('keeps what is typed and says what is allowed: up to the item’s limit, whole numbers, not negative', async () => {
    const { user } = setup();
    await user.click(await screen.findByRole('radio', { name: /3C4-512784/ }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    const cyan = await screen.findByTestId('product-CT203503');
    expect(cyan).toHaveTextContent('Up to 2 per order');
    const more = within(cyan).getByRole('button', { name: 'More: Cyan toner cartridge (Apeos C3060)' });
    await user.click(more);
    await user.click(more);
    expect(more).toBeDisabled();
    const qty = within(cyan).getByRole('textbox', { name: 'Quantity: Cyan toner cartridge (Apeos C3060)' });
    expect(qty).toHaveValue('2');
    expect(screen.getByText('1 item selected · HK$2,300.00')).toBeInTheDocument();
    // Typed text is never rewritten; the field says what is wrong and the order does not go on.
    fireEvent.change(qty, { target: { value: '999999' } });
    expect(qty).toHaveValue('999999');
    expect(qty).toHaveAccessibleDescription('Up to 2 per order.');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByTestId('product-CT203503')).toBeInTheDocument();
    fireEvent.change(qty, { target: { value: '-3' } });
    expect(qty).toHaveValue('-3');
    expect(qty).toHaveAccessibleDescription('The quantity cannot be negative.');
    fireEvent.change(qty, { target: { value: '1.5' } });
    expect(qty).toHaveValue('1.5');
    expect(qty).toHaveAccessibleDescription('Enter a whole number (0 to 2).');
    fireEvent.change(qty, { target: { value: '1' } });
    expect(qty).not.toHaveAttribute('aria-invalid');
    expect(screen.getByText('1 item selected · HK$1,150.00')).toBeInTheDocument();
  });

  it('keeps a machine’s serial and contract numbers whole on a phone (QA walk: "CT- / 2022-00412" broke at its hyphen)', async () => {
    setup();
    const card = (await screen.findByRole('radio', { name: /3C4-512784/ })).closest('label')!;
    expect(within(card).getByText('3C4-512784')).toHaveStyle({ whiteSpace: 'nowrap' });
    expect(within(card).getByText(/^Contract CT-/)).toHaveStyle({ whiteSpace: 'nowrap' });
  });

  it('reads full-width digits typed with a Chinese input method as the quantity (QA walk: １ was "not a whole number")', async () => {
    const { user } = setup();
    await user.click(await screen.findByRole('radio', { name: /3C4-512784/ }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    const cyan = await screen.findByTestId('product-CT203503');
    const qty = within(cyan).getByRole('textbox', { name: 'Quantity: Cyan toner cartridge (Apeos C3060)' });
    fireEvent.change(qty, { target: { value: '　２　' } });
    expect(qty).not.toHaveAttribute('aria-invalid');
    expect(screen.getByText('1 item selected · HK$2,300.00')).toBeInTheDocument();
    // The − button steps from what is shown.
    await user.click(within(cyan).getByRole('button', { name: 'Fewer: Cyan toner cartridge (Apeos C3060)' }));
    expect(qty).toHaveValue('1');
    fireEvent.change(qty, { target: { value: '３' } });
    expect(qty).toHaveAccessibleDescription('Up to 2 per order.');
    fireEvent.change(qty, { target: { value: '－１' } });
    expect(qty).toHaveAccessibleDescription('The quantity cannot be negative.');
  });

  it('prefills the delivery from the machine and validates phone and date with translated messages', async () => {
    const { user } = setup();
    await toDelivery(user);
    expect(screen.getByRole('textbox', { name: /Delivery address/ })).toHaveValue(machine().tonerAddressEn);
    expect(screen.getByRole('textbox', { name: /Contact person/ })).toHaveValue('Chan Tai Man');

    const phone = screen.getByRole('textbox', { name: /Contact phone/ });
    await user.clear(phone);
    await user.type(phone, '1234 5678');
    const date = screen.getByLabelText('Requested delivery date');
    fireEvent.change(date, { target: { value: hkToday() } });
    await user.click(screen.getByRole('button', { name: 'Review order' }));
    expect(await screen.findByText('Enter a Hong Kong phone number, for example 2345 6789.')).toBeInTheDocument();
    expect(screen.getByText('The delivery date must be tomorrow or later.')).toBeInTheDocument();

    fireEvent.change(date, { target: { value: addDays(hkToday(), 61) } });
    await user.click(screen.getByRole('button', { name: 'Review order' }));
    expect(await screen.findByText('The delivery date must be within 60 days from today.')).toBeInTheDocument();
  });

  it('places the order once with an idempotency key and opens it', async () => {
    const { user, placed, router, onClose } = setup();
    await toDelivery(user);
    const phone = screen.getByRole('textbox', { name: /Contact phone/ });
    await user.clear(phone);
    await user.type(phone, '9123 4567');
    fireEvent.change(screen.getByLabelText('Requested delivery date'), { target: { value: addDays(hkToday(), 3) } });
    await user.click(screen.getByRole('button', { name: 'Review order' }));

    expect(await screen.findByText('2 × Black toner cartridge (Apeos C3060)')).toBeInTheDocument();
    expect(screen.getAllByText('HK$1,240.00').length).toBeGreaterThan(0);
    const submit = screen.getByRole('button', { name: 'Place order' });
    await user.dblClick(submit);

    // The order's page confirms it with its number.
    await waitFor(() => expect(router.push).toHaveBeenCalledWith(expect.stringMatching(/^\/my-orders\/manage\/5eed0030-0000-4000-8000-000000009999\?placed=/)));
    expect(onClose).toHaveBeenCalled();
    expect(placed).toHaveLength(1);
    expect(placed[0]).toEqual({
      idempotencyKey: expect.stringMatching(UUID),
      machineId: machine().id,
      items: [{ productCode: 'CT203502', quantity: 2 }],
      requestedDate: addDays(hkToday(), 3),
      deliveryAddress: machine().tonerAddressEn,
      contactName: 'Chan Tai Man',
      contactPhone: '9123 4567',
      remarks: '',
    });
  });

  it("a delivery address cleared (or spaces only) shows on the review as the machine's address the order goes to", async () => {
    const { user, placed } = setup();
    await toDelivery(user);
    const address = screen.getByRole('textbox', { name: /Delivery address/ });
    await user.clear(address);
    await user.type(address, '   ');
    await user.click(screen.getByRole('button', { name: 'Review order' }));
    const shown = await screen.findByTestId('review-fallback-address');
    expect(shown).toHaveTextContent("No delivery address entered: the order goes to the machine's toner delivery address:");
    expect(shown).toHaveTextContent(machine().tonerAddressEn);
    await user.click(screen.getByRole('button', { name: 'Place order' }));
    await waitFor(() => expect(placed).toHaveLength(1));
    expect(placed[0]!.deliveryAddress).toBe('');
  });

  it('with no toner address on the machine, the review names its site address (what the server saves)', async () => {
    server.use(endpointSuccess(MACHINES, [machine({ tonerAddressEn: '', tonerAddressZh: '' })]), endpointSuccess(PRODUCTS, products));
    const user = userEvent.setup();
    renderWithProviders(<PlaceOrderDialog open onClose={jest.fn()} />, { functionCodes: ['mgt_order_read', 'mgt_order_write'], locale: 'tc' });
    await user.click(await screen.findByRole('radio', { name: /3C4-512784/ }));
    await user.click(screen.getByRole('button', { name: '下一步' }));
    const black = await screen.findByTestId('product-CT203502');
    await user.click(within(black).getByRole('button', { name: /^增加：/ }));
    await user.click(screen.getByRole('button', { name: '下一步' }));
    expect(await screen.findByRole('textbox', { name: /送貨地址/ })).toHaveValue('');
    await user.click(screen.getByRole('button', { name: '檢查訂單' }));
    const shown = await screen.findByTestId('review-fallback-address');
    expect(shown).toHaveTextContent('未有輸入送貨地址：訂單將送往機器的安裝地址：');
    expect(shown).toHaveTextContent(machine().addressEn);
  });

  it('names the line the server refused, in Chinese, and retries with the same key', async () => {
    const { user } = setup({ locale: 'tc' });
    // First answer: the server refuses a line; second: the order is placed. Both requests must carry one key.
    const keys: string[] = [];
    server.use(
      http.post(PLACE.path, async ({ request }) => {
        keys.push(((await request.json()) as { idempotencyKey: string }).idempotencyKey);
        if (keys.length === 1) {
          return HttpResponse.json(
            { status: 'error', error: { code: 'VALIDATION', message: 'x', fields: { 'items.0.quantity': ['orders.validation.quantityOverLimit'] } }, traceId: 't1' },
            { status: 400 },
          );
        }
        return HttpResponse.json({ status: 'success', data: { id: '5eed0030-0000-4000-8000-000000009999', orderNo: 'SO-2026-005001', created: true }, traceId: 't2' });
      }),
    );
    await user.click(await screen.findByRole('radio', { name: /3C4-512784/ }));
    await user.click(screen.getByRole('button', { name: '下一步' }));
    const black = await screen.findByTestId('product-CT203502');
    await user.click(within(black).getByRole('button', { name: '增加：黑色碳粉盒（Apeos C3060）' }));
    await user.click(screen.getByRole('button', { name: '下一步' }));
    await user.click(await screen.findByRole('button', { name: '檢查訂單' }));
    await user.click(await screen.findByRole('button', { name: '確認下單' }));
    const alert = await screen.findByTestId('place-order-error');
    expect(alert).toHaveTextContent('未能下單');
    expect(alert).toHaveTextContent('黑色碳粉盒（Apeos C3060）：數量超過每張訂單的上限。');

    await user.click(screen.getByRole('button', { name: '確認下單' }));
    await waitFor(() => expect(keys).toHaveLength(2));
    expect(keys[0]).toMatch(UUID);
    expect(keys[1]).toBe(keys[0]);
  });

  it('says so when the customer has no machine to order for', async () => {
    server.use(endpointSuccess(MACHINES, []));
    renderWithProviders(<PlaceOrderDialog open onClose={jest.fn()} />, { functionCodes: ['mgt_order_write'] });
    expect(await screen.findByText('There is no active machine on this account to order supplies for.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
  });
});
