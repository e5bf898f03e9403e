import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse, delay } from 'msw';
import { z } from 'zod';
import { EntityForm } from '@/components/common/EntityForm';
import { TextFieldElement } from '@/components/common/form';
import { endpointError, endpointSuccess } from '../testUtils/handlers';
import { renderWithProviders } from '../testUtils/render';
import { server } from '../testUtils/server';
import { widgetFieldsSchema, widgetsContract } from './widgetContract';

const create = widgetsContract.endpoints.createWidget;

function AddWidget({ onSuccess = jest.fn(), onCancel = jest.fn() }: { onSuccess?: (data: { id: string }) => void; onCancel?: () => void }) {
  return (
    <EntityForm
      endpoint={create}
      schema={widgetFieldsSchema}
      defaultValues={{ name: '', code: '' }}
      toBody={(v, { idempotencyKey }) => ({ ...v, idempotencyKey })}
      submitLabel="Add widget"
      onSuccess={onSuccess}
      onCancel={onCancel}
    >
      {(form) => (
        <>
          <TextFieldElement control={form.control} name="name" label="Name" required />
          <TextFieldElement control={form.control} name="code" label="Code" required />
        </>
      )}
    </EntityForm>
  );
}

async function fill(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Duplex unit');
  await user.type(screen.getByRole('textbox', { name: 'Code' }), 'DU-1');
}

describe('EntityForm', () => {
  it('shows the server field errors on their fields, with a summary whose links focus them', async () => {
    const user = userEvent.setup();
    server.use(endpointError(create, 'VALIDATION', { fields: { code: ['ui.validation.maxLength|{"max":4}'] } }));
    renderWithProviders(<AddWidget />);
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Add widget' }));
    const code = screen.getByRole('textbox', { name: 'Code' });
    await waitFor(() => expect(code).toHaveAttribute('aria-invalid', 'true'));
    // One alert: the refusal and the field problems in it.
    const alert = screen.getByTestId('form-error');
    expect(alert).toHaveTextContent('The form could not be submitted');
    const summary = within(alert).getByTestId('form-error-summary');
    const link = within(summary).getByRole('button', { name: /^Code/ });
    await user.click(screen.getByRole('textbox', { name: 'Name' }));
    await user.click(link);
    expect(code).toHaveFocus();
  });

  it('a server error on a field with no labelled input (a row shown as text) lists its message, never the raw path', async () => {
    const user = userEvent.setup();
    server.use(endpointError(create, 'VALIDATION', { fields: { 'links.0.ucpId': ['ui.validation.required'] } }));
    // Like the user form's customer rows: the form holds `links`, each row's customer is shown as text, not an input.
    const schema = widgetFieldsSchema.extend({ links: z.array(z.object({ ucpId: z.string() })) });
    renderWithProviders(
      <EntityForm
        endpoint={create}
        schema={schema}
        defaultValues={{ name: '', code: '', links: [{ ucpId: 'UCP100003' }] }}
        toBody={(v, { idempotencyKey }) => ({ name: v.name, code: v.code, idempotencyKey })}
        submitLabel="Add widget"
        onSuccess={jest.fn()}
        onCancel={jest.fn()}
      >
        {(form) => (
          <>
            <TextFieldElement control={form.control} name="name" label="Name" required />
            <TextFieldElement control={form.control} name="code" label="Code" required />
            <p>Customer UCP100003</p>
          </>
        )}
      </EntityForm>,
    );
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Add widget' }));
    const summary = await screen.findByTestId('form-error-summary');
    await waitFor(() => expect(within(summary).getAllByRole('listitem')).toHaveLength(1));
    expect(summary).not.toHaveTextContent('links.0.ucpId');
    expect(within(summary).getByRole('listitem')).toHaveTextContent(/^This field is required\.$/);
  });

  it('lists the browser-side errors in the summary too, and sends nothing', async () => {
    const user = userEvent.setup();
    const bodies: unknown[] = [];
    server.use(endpointSuccess(create, (b) => (bodies.push(b), { id: 'x' })));
    renderWithProviders(<AddWidget />, { locale: 'tc' });
    await user.click(screen.getByRole('button', { name: 'Add widget' }));
    const summary = await screen.findByTestId('form-error-summary');
    expect(within(summary).getAllByRole('button')).toHaveLength(2);
    expect(within(summary).getByText('請更正以下欄位')).toBeInTheDocument();
    expect(bodies).toEqual([]);
  });

  it('submits once while pending (button disabled), keeps the idempotency key on a repeat, then calls onSuccess', async () => {
    const user = userEvent.setup();
    const keys: string[] = [];
    let fail = true;
    server.use(
      http.post(create.path, async ({ request }) => {
        keys.push(((await request.json()) as { idempotencyKey: string }).idempotencyKey);
        await delay(300);
        if (fail) return HttpResponse.json({ status: 'error', error: { code: 'SERVICE_UNAVAILABLE', message: 'x' }, traceId: 't' }, { status: 503 });
        return HttpResponse.json({ status: 'success', data: { id: 'new-id' }, traceId: 't' });
      }),
    );
    const onSuccess = jest.fn();
    renderWithProviders(<AddWidget onSuccess={onSuccess} />);
    await fill(user);
    const submit = screen.getByRole('button', { name: 'Add widget' });
    await user.dblClick(submit);
    await waitFor(() => expect(submit).toBeDisabled());
    expect(await screen.findByTestId('form-error')).toBeInTheDocument();
    expect(keys).toHaveLength(1);
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Add widget' }));
    await waitFor(() => expect(onSuccess).toHaveBeenCalledWith({ id: 'new-id' }, { name: 'Duplex unit', code: 'DU-1' }));
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
  });

  it('offers cancel', async () => {
    const user = userEvent.setup();
    const onCancel = jest.fn();
    renderWithProviders(<AddWidget onCancel={onCancel} />);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
  });
});
