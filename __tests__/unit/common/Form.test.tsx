import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { useTranslation } from 'react-i18next';
import { useFieldArray, type Control } from 'react-hook-form';
import { z } from 'zod';
import {
  CheckboxElement,
  DateFieldElement,
  Form,
  MoneyFieldElement,
  NumberFieldElement,
  RadioGroupElement,
  SelectElement,
  TextFieldElement,
  formatCentsForInput,
  parseMoneyToCents,
} from '@/components/common/form';
import { apiPost } from '@/lib/api/client';
import { isoDateSchema } from '@/lib/listQuery';
import { keyErrorMap, msg, translateMessage, zodMessages } from '@/lib/zodMessages';
import { apiDeferred, apiError, apiNetworkError } from '../testUtils/handlers';
import { renderWithProviders, text } from '../testUtils/render';
import { server } from '../testUtils/server';

const SAVE = '/api/test/save';

/** A schema as a feature would share it with the server: messages are translation keys. */
const contactSchema = z.strictObject({
  name: z.string().trim().min(1, zodMessages.required).max(40, zodMessages.maxLength(40)),
  method: z.enum(['bank_transfer', 'fps', 'cheque'], { error: zodMessages.choose }),
  amountCents: z.number({ error: zodMessages.money }).int().min(1, zodMessages.min('0.01')),
  copies: z.number().int().min(1).max(10),
  paidOn: isoDateSchema,
  channel: z.enum(['email', 'post']),
  agree: z.literal(true, { error: zodMessages.required }),
});
type ContactIn = z.input<typeof contactSchema>;
type ContactOut = z.output<typeof contactSchema>;

const defaults = { name: '', method: null, amountCents: null, copies: null, paidOn: '', channel: 'email', agree: false } as unknown as ContactIn;

function ContactForm({ onSubmit, onSuccess }: { onSubmit?: jest.Mock; onSuccess?: jest.Mock }) {
  return (
    <Form<ContactIn, ContactOut>
      schema={contactSchema}
      defaultValues={defaults}
      submitLabel="Save"
      aria-label="Contact"
      onSuccess={onSuccess}
      onSubmit={onSubmit ?? ((values, { idempotencyKey }) => apiPost(SAVE, { ...values, idempotencyKey }))}
    >
      {(form) => (
        <>
          <TextFieldElement control={form.control} name="name" label="Name" required />
          <SelectElement
            control={form.control}
            name="method"
            label="Method"
            options={[
              { value: 'bank_transfer', label: 'Bank transfer' },
              { value: 'fps', label: 'FPS' },
              { value: 'cheque', label: 'Cheque' },
            ]}
          />
          <MoneyFieldElement control={form.control} name="amountCents" label="Amount" />
          <NumberFieldElement control={form.control} name="copies" label="Copies" min={1} max={10} />
          <DateFieldElement control={form.control} name="paidOn" label="Paid on" />
          <RadioGroupElement control={form.control} name="channel" label="Channel" options={[{ value: 'email', label: 'Email' }, { value: 'post', label: 'Post' }]} row />
          <CheckboxElement control={form.control} name="agree" label="I confirm" />
        </>
      )}
    </Form>
  );
}

async function fillValid(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByRole('textbox', { name: /Name/ }), 'Chan Tai Man');
  await user.click(screen.getByRole('combobox', { name: 'Method' }));
  await user.click(screen.getByRole('option', { name: 'FPS' }));
  await user.type(screen.getByRole('textbox', { name: 'Amount' }), '1,234.5');
  await user.type(screen.getByRole('textbox', { name: 'Copies' }), '3');
  setNative(screen.getByLabelText('Paid on'), '2026-10-31');
  await user.click(screen.getByRole('checkbox', { name: 'I confirm' }));
}

function setNative(input: HTMLElement, value: string) {
  act(() => {
    const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
    setter.call(input, value);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

/** A form whose label follows the language, as a feature's `t('…')` label does. */
function NameForm() {
  const { i18n } = useTranslation();
  return (
    <Form<{ name: string }> schema={z.strictObject({ name: z.string().min(1, zodMessages.required) })} defaultValues={{ name: '' }} submitLabel="Save" onSubmit={jest.fn()}>
      {(form) => <TextFieldElement control={form.control} name="name" label={i18n.language === 'tc' ? '名稱' : 'Name'} required />}
    </Form>
  );
}

describe('Form', () => {
  it('names the fields of the error summary in the new language after a language switch (QA: labels stayed English)', async () => {
    const user = userEvent.setup();
    const { i18n } = renderWithProviders(<NameForm />);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByTestId('form-error-summary')).toHaveTextContent('Name: This field is required.');
    await act(async () => {
      await i18n.changeLanguage('tc');
    });
    const summary = screen.getByTestId('form-error-summary');
    expect(summary).toHaveTextContent('名稱：此欄位必須填寫。');
    expect(summary).not.toHaveTextContent('Name');
  });

  it("puts each summary item's bullet beside its first line (QA: a wrapped item had it beside its last line)", async () => {
    const user = userEvent.setup();
    renderWithProviders(<NameForm />);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const summary = await screen.findByTestId('form-error-summary');
    expect(within(summary).getByRole('button', { name: 'Name: This field is required.' })).toHaveStyle({ verticalAlign: 'top' });
  });

  it('validates in the browser with the shared schema and translated messages, sending nothing', async () => {
    const user = userEvent.setup();
    const onSubmit = jest.fn();
    renderWithProviders(<ContactForm onSubmit={onSubmit} />, { locale: 'tc' });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findAllByText('此欄位必須填寫。')).not.toHaveLength(0);
    expect(screen.getByText('請選擇一個選項。')).toBeInTheDocument();
    expect(screen.getByText('請輸入港幣金額，最多兩個小數位，例如 1234.50。')).toBeInTheDocument();
    expect(screen.getByText('請輸入有效日期。')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('shows every error at once in a summary whose items move focus to their field (every form, by default)', async () => {
    const user = userEvent.setup();
    renderWithProviders(<ContactForm onSubmit={jest.fn()} />);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const summary = await screen.findByTestId('form-error-summary');
    const items = within(summary).getAllByRole('button');
    expect(items.length).toBeGreaterThanOrEqual(4);
    expect(summary).toHaveTextContent('Amount');
    expect(summary).toHaveTextContent('Paid on');
    // A select is named by its label, not by its field's name.
    expect(within(summary).getByRole('button', { name: 'Method: Choose an option.' })).toBeInTheDocument();
    expect(summary).not.toHaveTextContent('method');
    await user.click(within(summary).getByRole('button', { name: /^Amount/ }));
    expect(screen.getByRole('textbox', { name: 'Amount' })).toHaveFocus();
  });

  it('lists the summary in the order the fields stand in the form, not the schema’s order', async () => {
    const user = userEvent.setup();
    // The schema names the code last; the form shows it first (as the UCP customer form does).
    const schema = z.strictObject({ nameEn: z.string().min(1, zodMessages.required), nameZh: z.string().min(1, zodMessages.required), code: z.string().min(1, zodMessages.required) });
    renderWithProviders(
      <Form schema={schema} defaultValues={{ nameEn: '', nameZh: '', code: '' }} submitLabel="Save" onSubmit={jest.fn()}>
        {(form) => (
          <>
            <TextFieldElement control={form.control} name="code" label="Code" />
            <TextFieldElement control={form.control} name="nameEn" label="Name (English)" />
            <TextFieldElement control={form.control} name="nameZh" label="Name (Chinese)" />
          </>
        )}
      </Form>,
    );
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const summary = await screen.findByTestId('form-error-summary');
    expect(within(summary).getAllByRole('button').map((b) => b.textContent?.split(':')[0])).toEqual(['Code', 'Name (English)', 'Name (Chinese)']);
  });

  it('names a group of checkboxes by its legend in the summary, not by its first option', async () => {
    const user = userEvent.setup();
    const schema = z.strictObject({ machineIds: z.any().refine((v) => Array.isArray(v) && v.length > 0, { error: zodMessages.required }) });
    renderWithProviders(
      <Form schema={schema} defaultValues={{ machineIds: [] }} submitLabel="Save" onSubmit={jest.fn()}>
        {(form) => (
          <fieldset>
            <legend>Machines</legend>
            <label>
              <input type="checkbox" value="m1" {...form.register('machineIds')} />
              3B7-209156 (Apeos 5570)
            </label>
            <label>
              <input type="checkbox" value="m2" {...form.register('machineIds')} />
              JPBCN8K1Q7
            </label>
          </fieldset>
        )}
      </Form>,
    );
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const summary = await screen.findByTestId('form-error-summary');
    expect(within(summary).getByRole('button', { name: 'Machines: This field is required.' })).toBeInTheDocument();
  });

  it('counts characters against maxLength instead of cutting the text (issue 10 item 7)', async () => {
    const user = userEvent.setup();
    renderWithProviders(
      <Form schema={z.object({ note: z.string().max(5, { error: msg('ui.validation.maxLength', { max: 5 }) }) })} defaultValues={{ note: '' }} onSubmit={jest.fn()}>
        {(form) => <TextFieldElement control={form.control} name="note" label="Note" maxLength={5} />}
      </Form>,
    );
    const note = screen.getByRole('textbox', { name: 'Note' });
    await user.type(note, 'abcdefg');
    expect(note).toHaveValue('abcdefg');
    expect(screen.getByTestId('char-count-note')).toHaveTextContent('7 / 5');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findAllByText('Enter at most 5 characters.')).not.toHaveLength(0);
  });

  // QA (the fault form): five emoji read "10 / 2000" and were then refused as "at least 10 characters".
  it('counts an emoji as one character, as the schema does', async () => {
    const schema = z.object({ note: z.string().max(5) });
    renderWithProviders(
      <Form schema={schema} defaultValues={{ note: '' }} onSubmit={jest.fn()}>
        {(form) => <TextFieldElement control={form.control} name="note" label="Note" maxLength={5} />}
      </Form>,
    );
    fireEvent.change(screen.getByRole('textbox', { name: 'Note' }), { target: { value: '😀😀😀👍🏻' } });
    // 👍🏻 is two code points (the thumb and its skin tone), as zod counts it: 5 in all, 10 UTF-16 units.
    expect(screen.getByTestId('char-count-note')).toHaveTextContent('5 / 5');
    expect(schema.shape.note.safeParse('😀😀😀👍🏻').success).toBe(true);
    expect(schema.shape.note.safeParse('😀😀😀👍🏻😀').success).toBe(false);
  });

  it('submits the parsed values with money in cents and an idempotency key, then renews the key', async () => {
    const user = userEvent.setup();
    const bodies: Record<string, unknown>[] = [];
    server.use(
      http.post(SAVE, async ({ request }) => {
        bodies.push((await request.json()) as Record<string, unknown>);
        return HttpResponse.json({ status: 'success', data: { id: 'new' }, traceId: 't' });
      }),
    );
    const onSuccess = jest.fn();
    renderWithProviders(<ContactForm onSuccess={onSuccess} />);
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSuccess).toHaveBeenCalledWith({ id: 'new' }, expect.objectContaining({ amountCents: 123450 })));
    expect(bodies[0]).toEqual({
      name: 'Chan Tai Man',
      method: 'fps',
      amountCents: 123450,
      copies: 3,
      paidOn: '2026-10-31',
      channel: 'email',
      agree: true,
      idempotencyKey: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/),
    });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(bodies).toHaveLength(2));
    expect(bodies[1]!.idempotencyKey).not.toBe(bodies[0]!.idempotencyKey);
  });

  it('puts the server field errors on the fields, translated, with a summary alert', async () => {
    const user = userEvent.setup();
    server.use(
      apiError(SAVE, 'VALIDATION', {
        fields: { name: [msg('ui.validation.maxLength', { max: 40 })], amountCents: ['Too small: expected number to be >=1'] },
      }),
    );
    renderWithProviders(<ContactForm />);
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const alert = await screen.findByRole('alert');
    // One alert, not two stacked boxes (QA: "The form could not be submitted" above a second "Please correct these
    // fields" box): it says the form was refused and lists the field problems, each a link to its field.
    await waitFor(() => expect(within(alert).getAllByRole('button')).toHaveLength(2));
    expect(screen.getAllByRole('alert')).toEqual([alert]);
    expect(screen.queryByRole('group', { name: 'Please correct these fields' })).not.toBeInTheDocument();
    expect(within(alert).getByText('The form could not be submitted')).toBeInTheDocument();
    expect(within(alert).getAllByRole('button').map((b) => b.textContent)).toEqual(['Name: Enter at most 40 characters.', 'Amount: This value is not valid.']);
    expect(alert).not.toHaveTextContent('Please correct');
    expect(screen.getByRole('textbox', { name: /Name/ })).toHaveAccessibleDescription('Enter at most 40 characters.');
    // zod's English default from the server is never shown as such.
    expect(screen.getByRole('textbox', { name: 'Amount' })).toHaveAccessibleDescription('This value is not valid.');
    expect(screen.getByRole('textbox', { name: /Name/ })).toHaveFocus();
  });

  // QA (the fault report's visit days, tc): a server error on a row added to a list (`visitWindows.0.date`) went only
  // into the alert, because the form's starting values had no such row; the row's field is now marked with it.
  it('puts a server error on a field of a row added after the form opened', async () => {
    const user = userEvent.setup();
    const daysSchema = z.strictObject({ days: z.array(z.strictObject({ date: isoDateSchema })) });
    type Days = z.input<typeof daysSchema>;
    server.use(apiError(SAVE, 'VALIDATION', { fields: { 'days.0.date': ['serviceRequests:form.windowRange'] } }));
    function DaysForm() {
      return (
        <Form<Days, Days> schema={daysSchema} defaultValues={{ days: [] }} submitLabel="Save" aria-label="Days" onSubmit={(values) => apiPost(SAVE, values)}>
          {(form) => <DaysFields control={form.control} />}
        </Form>
      );
    }
    function DaysFields({ control }: { control: Control<Days> }) {
      const { fields, append } = useFieldArray({ control, name: 'days' });
      return (
        <>
          {fields.map((f, i) => (
            <DateFieldElement key={f.id} control={control} name={`days.${i}.date`} label={`Day ${i + 1}`} />
          ))}
          <button type="button" onClick={() => append({ date: '2020-01-01' })}>
            Add a day
          </button>
        </>
      );
    }
    renderWithProviders(<DaysForm />, { namespaces: { serviceRequests: { form: { windowRange: 'Choose a day from today to 30 days ahead.' } } } });
    await user.click(screen.getByRole('button', { name: 'Add a day' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const day = await screen.findByLabelText('Day 1');
    await waitFor(() => expect(day).toHaveAccessibleDescription('Choose a day from today to 30 days ahead.'));
    expect(day).toHaveAttribute('aria-invalid', 'true');
    expect(day).toHaveFocus();
  });

  it('shows a non-field error translated by code, and a field error for an unknown field in the alert', async () => {
    const user = userEvent.setup();
    server.use(apiError(SAVE, 'CONFLICT', { status: 409, message: 'duplicate key value violates unique constraint' }));
    renderWithProviders(<ContactForm />, { locale: 'tc' });
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('未能提交表格')).toBeInTheDocument();
    expect(alert).not.toHaveTextContent('duplicate key');
    expect(alert.textContent!.length).toBeGreaterThan('未能提交表格'.length);
  });

  it('moves focus to the alert of a refusal no field shows, so a phone scrolled down to submit sees it (QA walk)', async () => {
    const user = userEvent.setup();
    server.use(apiNetworkError(SAVE));
    renderWithProviders(<ContactForm />);
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const alert = await screen.findByTestId('form-error');
    await waitFor(() => expect(alert).toHaveFocus());
  });

  it('leaves focus on the first field a server field error names, not on the alert', async () => {
    const user = userEvent.setup();
    server.use(apiError(SAVE, 'VALIDATION', { fields: { name: ['ui.validation.required'] } }));
    renderWithProviders(<ContactForm />);
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByTestId('form-error');
    await waitFor(() => expect(screen.getByRole('textbox', { name: /Name/ })).toHaveFocus());
  });

  it('says what a server field error the form has no field for is about, translated, not "check the highlighted fields"', async () => {
    const user = userEvent.setup();
    server.use(apiError(SAVE, 'VALIDATION', { fields: { allocations: ['paymentSlips.validation.allocationNothing'] } }));
    renderWithProviders(<ContactForm />, { locale: 'tc' });
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const alert = await screen.findByTestId('form-error');
    expect(within(alert).getByText(text('tc', 'common:paymentSlips.validation.allocationNothing'))).toBeInTheDocument();
    expect(alert).not.toHaveTextContent(text('tc', 'error:VALIDATION'));
  });

  it('sends one request for a double click, and disables submit while it is in flight', async () => {
    const user = userEvent.setup();
    let calls = 0;
    const deferred = apiDeferred(SAVE, { id: 'x' });
    server.use(deferred.handler);
    server.events.on('request:start', ({ request }) => {
      if (new URL(request.url).pathname === SAVE) calls += 1;
    });
    renderWithProviders(<ContactForm />);
    await fillValid(user);
    const button = screen.getByRole('button', { name: 'Save' });
    await user.dblClick(button);
    // Enter pressed twice in a field: submit events in the same tick, before any re-render disables the button.
    const form = screen.getByRole('form', { name: 'Contact' });
    fireEvent.submit(form);
    fireEvent.submit(form);
    await waitFor(() => expect(screen.getByRole('button', { name: /Submitting/ })).toBeDisabled());
    deferred.release();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled());
    expect(calls).toBe(1);
    server.events.removeAllListeners();
  });

  it('keeps the same idempotency key for a retry after a failure', async () => {
    const user = userEvent.setup();
    const keys: unknown[] = [];
    server.use(
      http.post(SAVE, async ({ request }) => {
        keys.push(((await request.json()) as { idempotencyKey: string }).idempotencyKey);
        return keys.length === 1
          ? HttpResponse.json({ status: 'error', error: { code: 'TIMEOUT', message: 't' }, traceId: 't' }, { status: 504 })
          : HttpResponse.json({ status: 'success', data: {}, traceId: 't' });
      }),
    );
    renderWithProviders(<ContactForm />);
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByRole('alert');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(keys).toHaveLength(2));
    expect(keys[1]).toBe(keys[0]);
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
  });
});

describe('NumberFieldElement', () => {
  it.each([
    ['10,000', 10_000],
    ['１０，０００', 10_000],
    ['1,500,000', 1_500_000],
    ['1500', 1500],
  ])('reads "%s", thousands grouped as the page writes them, as %p', async (typed, value) => {
    const onSubmit = await submitPages(typed);
    await waitFor(() => expect(onSubmit).toHaveBeenLastCalledWith({ pages: value }, expect.anything()));
  });

  it.each(['1,5', '10,00', ',100', '1,000,0'])('refuses "%s" (commas not in groups of three) as not a whole number', async (typed) => {
    const onSubmit = await submitPages(typed);
    expect((await screen.findAllByText(/Enter a whole number\./)).length).toBeGreaterThan(0);
    expect(onSubmit).not.toHaveBeenCalled();
  });

  /** Types `typed` into a whole-number field (at most 10,000,000) and submits; answers the submit handler. */
  async function submitPages(typed: string): Promise<jest.Mock> {
    const user = userEvent.setup();
    const onSubmit = jest.fn();
    const schema = z.strictObject({ pages: z.number({ error: zodMessages.integer }).int({ error: zodMessages.integer }).max(10_000_000) });
    renderWithProviders(
      <Form schema={schema} defaultValues={{ pages: null as unknown as number }} onSubmit={onSubmit} submitLabel="Go">
        <NumberFieldElement name="pages" label="Pages included" />
      </Form>,
    );
    await user.type(screen.getByRole('textbox', { name: 'Pages included' }), typed);
    await user.click(screen.getByRole('button', { name: 'Go' }));
    return onSubmit;
  }
});

describe('MoneyFieldElement', () => {
  it('shows dollars with two decimals on leaving the field and keeps integer cents in the form', async () => {
    const user = userEvent.setup();
    const onSubmit = jest.fn();
    const schema = z.strictObject({ amount: z.number({ error: zodMessages.money }).int() });
    renderWithProviders(
      <Form schema={schema} defaultValues={{ amount: 5000 }} onSubmit={onSubmit} submitLabel="Go">
        <MoneyFieldElement name="amount" label="Amount" />
      </Form>,
    );
    const input = screen.getByRole('textbox', { name: 'Amount' });
    expect(input).toHaveValue('50.00');
    await user.clear(input);
    await user.type(input, '0.29');
    await user.tab();
    expect(input).toHaveValue('0.29');
    await user.click(screen.getByRole('button', { name: 'Go' }));
    await waitFor(() => expect(onSubmit).toHaveBeenLastCalledWith({ amount: 29 }, expect.anything()));

    await user.clear(input);
    await user.type(input, '12.345');
    await user.click(screen.getByRole('button', { name: 'Go' }));
    expect(await screen.findByText('Enter an amount in HK$ with at most two decimals, for example 1234.50.')).toBeInTheDocument();
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });

  it.each([
    ['1,234.5', 123450],
    ['0.29', 29],
    ['HK$ 10', 1000],
    ['7.', 700],
    ['', null],
    ['1.234', Number.NaN],
    ['abc', Number.NaN],
    // Negative or too large is still an amount: the schema names the rule it breaks (moneyCents).
    ['-5', -500],
    ['99999999999999999999', Number.MAX_SAFE_INTEGER],
    // Full-width, as a Chinese input method types it (QA: refused as "enter a HK$ amount").
    ['１，２３４．５０', 123450],
    ['ＨＫ＄　１０', 1000],
    // No dollars before the point, as a phone's decimal keypad invites: 50 cents, not "at most two decimals".
    ['.5', 50],
    ['HK$.99', 99],
    ['-.5', -50],
    ['.', Number.NaN],
    ['.505', Number.NaN],
    // Separators only between thousands: "1,50" is not HK$150 (a hundred times HK$1.50), nor "1.2,5" 1.25.
    ['1 234.50', 123450],
    ['$1,000,000', 100000000],
    ['1,50', Number.NaN],
    ['12,34', Number.NaN],
    ['1,000,00', Number.NaN],
    ['1.2,5', Number.NaN],
  ])('parses "%s" as %p cents', (text, cents) => {
    expect(parseMoneyToCents(text)).toBe(cents);
  });

  it('formats cents for editing', () => {
    expect(formatCentsForInput(123450)).toBe('1234.50');
    expect(formatCentsForInput(5)).toBe('0.05');
    expect(formatCentsForInput(-250)).toBe('-2.50');
    expect(formatCentsForInput(null)).toBe('');
    expect(parseMoneyToCents('-2.50')).toBe(-250);
  });
});

describe('zod messages as translation keys', () => {
  const t = (key: string, values?: Record<string, unknown>) => `${key}${values ? JSON.stringify(values) : ''}`;

  it('turns zod default issues into ui.validation keys', () => {
    const schema = z.object({ s: z.string().min(1), n: z.number().int().max(5), a: z.array(z.string()).min(2), e: z.string().email(), m: z.number().multipleOf(0.01) });
    const result = schema.safeParse({ s: '', n: 6.5, a: ['x'], e: 'no', m: 1.234 }, { error: keyErrorMap });
    const messages = Object.fromEntries(result.error!.issues.map((i) => [i.path.join('.'), i.message]));
    expect(messages).toEqual({
      s: 'ui.validation.required',
      n: 'ui.validation.integer',
      a: msg('ui.validation.minItems', { min: 2 }),
      e: 'ui.validation.email',
      m: msg('ui.validation.decimals', { decimals: 2 }),
    });
    expect(z.object({ x: z.string() }).safeParse({}, { error: keyErrorMap }).error!.issues[0]!.message).toBe('ui.validation.required');
  });

  it('translates keys with values, namespaced keys, and never shows a plain English message', () => {
    expect(translateMessage(t, msg('ui.validation.max', { max: 5 }))).toBe('common:ui.validation.max{"max":5}');
    expect(translateMessage(t, 'orders:orders.form.qtyOverLimit')).toBe('orders:orders.form.qtyOverLimit');
    expect(translateMessage(t, 'error:VALIDATION')).toBe('error:VALIDATION');
    expect(translateMessage(t, 'Invalid input: expected string')).toBe('common:ui.validation.invalid');
    expect(translateMessage(t, undefined)).toBeUndefined();
  });
});
