import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Button from '@mui/material/Button';
import { z } from 'zod';
import { Form, TextFieldElement } from '@/components/common/form';
import { msg } from '@/lib/zodMessages';
import { renderWithProviders } from '../testUtils/render';

const schema = z.strictObject({
  contactPhone: z.string().trim().regex(/^[0-9 +()-]{8,20}$/, { error: msg('serviceRequests:form.phoneFormat') }),
});
type In = z.input<typeof schema>;
const PHONE_ERROR = 'Enter a phone number of 8 to 20 digits (spaces, +, ( ) and - allowed).';

/** /service-requests/new in short: the contact phone, then the "Add a preferred time" button below it. */
function PhoneThenButton({ onAdd }: { onAdd: () => void }) {
  return (
    <Form<In> schema={schema} defaultValues={{ contactPhone: '' }} submitLabel="Submit" aria-label="Report a fault" onSubmit={async () => undefined}>
      {(form) => (
        <>
          <TextFieldElement control={form.control} name="contactPhone" label="Contact phone" required type="tel" />
          <Button onClick={onAdd}>Add a preferred time</Button>
        </>
      )}
    </Form>
  );
}

const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 20)));

describe('a field left by pressing a button below it', () => {
  it('shows its error only once the press ends, so the error cannot push the button away mid-press (one tap works)', async () => {
    const user = userEvent.setup();
    const onAdd = jest.fn();
    renderWithProviders(<PhoneThenButton onAdd={onAdd} />);
    await user.type(screen.getByLabelText(/Contact phone/), '12');
    const add = screen.getByRole('button', { name: 'Add a preferred time' });

    // The press starts: focus leaves the phone field, but no error appears (it would move the button down).
    await user.pointer({ keys: '[MouseLeft>]', target: add });
    expect(screen.getByLabelText(/Contact phone/)).not.toHaveFocus();
    await settle();
    expect(screen.queryByText(PHONE_ERROR)).toBeNull();

    // The press ends on the button: it is a click, and then the phone field says what is wrong.
    await user.pointer({ keys: '[/MouseLeft]', target: add });
    expect(onAdd).toHaveBeenCalledTimes(1);
    expect(await screen.findByText(PHONE_ERROR)).toBeInTheDocument();
  });

  it('leaving with the keyboard (Tab) still shows the error at once', async () => {
    const user = userEvent.setup();
    renderWithProviders(<PhoneThenButton onAdd={jest.fn()} />, { locale: 'tc' });
    await user.type(screen.getByLabelText(/Contact phone/), '12');
    await user.tab();
    expect(await screen.findByText('請輸入 8 至 20 位數字的電話號碼（可包括空格、+、( ) 及 -）。')).toBeInTheDocument();
  });
});
