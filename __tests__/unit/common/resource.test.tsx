import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { TextFieldElement } from '@/components/common/form';
import { describeResource, ResourceFormPage, ResourceListPage, ResourceViewPage } from '@/components/common/resource';
import { endpointError, endpointSuccess } from '../testUtils/handlers';
import { renderWithProviders } from '../testUtils/render';
import { server } from '../testUtils/server';
import { W1, W2, widgetFieldsSchema, widgetsContract, widgetVersionedUpdateSchema } from './widgetContract';

const c = widgetsContract.endpoints;

/** A whole maintenance area in one description: what an admin area's four pages are made from. */
const widgets = describeResource({
  base: '/admin-controls/offer-maintenance',
  ns: 'widgets',
  codes: { read: ['home'], write: ['payslip_review_write'] },
  endpoints: { list: c.listWidgets, get: c.getWidget, create: c.createWidget, update: c.updateWidget },
  recordName: (r) => r.code,
  columns: (t) => [
    { key: 'code', header: t('fields.code'), sortable: true, render: (r) => r.code },
    { key: 'name', header: t('fields.name'), sortable: true, render: (r) => r.name },
  ],
  filters: () => ({ ownerId: false }),
  view: (r, t) => [
    [t('fields.code'), r.code],
    [t('fields.name'), r.name],
  ],
  form: {
    schema: widgetFieldsSchema,
    empty: { name: '', code: '' },
    fromRecord: (r) => ({ name: r.name, code: r.code }),
    fields: (form, t) => (
      <>
        <TextFieldElement control={form.control} name="code" label={t('fields.code')} required />
        <TextFieldElement control={form.control} name="name" label={t('fields.name')} required />
      </>
    ),
    toCreate: (v, { idempotencyKey }) => ({ ...v, idempotencyKey }),
    toUpdate: (r, v) => ({ id: r.id, ...v }),
  },
});

const namespaces = {
  widgets: {
    title: 'Widgets',
    empty: 'No widgets yet.',
    add: 'Add widget',
    addTitle: 'New widget',
    edit: 'Edit',
    editTitle: 'Edit {{name}}',
    viewTitle: 'Widget {{name}}',
    notFoundTitle: 'Widget not found',
    notFoundBody: 'No such widget.',
    backToList: 'All widgets',
    filters: { q: 'Search widgets', status: 'Status' },
    fields: { code: 'Code', name: 'Name' },
  },
};

describe('resource pages from one description', () => {
  it('list: rows linking to their view page, filters from the schema, "Add" only for writers', async () => {
    server.use(endpointSuccess(c.listWidgets, { items: [W1, W2], total: 2 }));
    renderWithProviders(<ResourceListPage resource={widgets} />, { route: '/admin-controls/offer-maintenance', namespaces, functionCodes: ['home'] });
    expect(screen.getByRole('heading', { level: 1, name: 'Widgets' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'DU-1' })).toHaveAttribute('href', `/admin-controls/offer-maintenance/view/${W1.id}`);
    expect(screen.getByRole('combobox', { name: 'Status' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Add widget' })).not.toBeInTheDocument();
  });

  it('list: writers get "Add"', async () => {
    server.use(endpointSuccess(c.listWidgets, { items: [], total: 0 }));
    renderWithProviders(<ResourceListPage resource={widgets} />, { route: '/admin-controls/offer-maintenance', namespaces, functionCodes: ['home', 'payslip_review_write'] });
    expect(await screen.findByText('No widgets yet.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add widget' })).toHaveAttribute('href', '/admin-controls/offer-maintenance/add');
  });

  it('view: the facts and "Edit"; an unknown id is not found', async () => {
    server.use(endpointSuccess(c.getWidget, W1));
    // next-router-mock: the dynamic segment comes as a query parameter.
    renderWithProviders(<ResourceViewPage resource={widgets} />, { route: `/admin-controls/offer-maintenance?id=${W1.id}`, namespaces, functionCodes: ['home', 'payslip_review_write'] });
    expect(await screen.findByRole('heading', { level: 1, name: 'Widget DU-1' })).toBeInTheDocument();
    expect(screen.getByText('Duplex unit')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Edit' })).toHaveAttribute('href', `/admin-controls/offer-maintenance/edit/${W1.id}`);

    server.use(endpointError(c.getWidget, 'NOT_FOUND', { status: 404 }));
    renderWithProviders(<ResourceViewPage resource={widgets} />, { route: `/admin-controls/offer-maintenance?id=${W2.id}`, namespaces });
    expect(await screen.findByRole('heading', { level: 1, name: 'Widget not found' })).toBeInTheDocument();
  });

  it('add: posts the form with an idempotency key and opens the new record', async () => {
    const user = userEvent.setup();
    const bodies: unknown[] = [];
    server.use(endpointSuccess(c.createWidget, (b) => (bodies.push(b), { id: W2.id })));
    const { memoryRouter } = renderWithProviders(<ResourceFormPage resource={widgets} mode="add" />, { route: '/admin-controls/offer-maintenance/add', namespaces });
    expect(screen.getByRole('heading', { level: 1, name: 'New widget' })).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Code' }), 'FN-2');
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Finisher');
    await user.click(screen.getByRole('button', { name: 'Add widget' }));
    await waitFor(() => expect(memoryRouter!.asPath).toBe(`/admin-controls/offer-maintenance/view/${W2.id}`));
    expect(bodies).toEqual([{ code: 'FN-2', name: 'Finisher', idempotencyKey: expect.stringMatching(/^[0-9a-f-]{36}$/) }]);
  });

  it('add: default values given as a function are made when the page opens, not when the module loads', () => {
    let opened = 0;
    const dated = describeResource({ ...widgets, form: { ...widgets.form!, empty: () => ({ code: `DAY-${++opened}`, name: '' }) } });
    const first = renderWithProviders(<ResourceFormPage resource={dated} mode="add" />, { route: '/admin-controls/offer-maintenance/add', namespaces });
    expect(screen.getByRole('textbox', { name: 'Code' })).toHaveValue('DAY-1');
    first.unmount();
    renderWithProviders(<ResourceFormPage resource={dated} mode="add" />, { route: '/admin-controls/offer-maintenance/add', namespaces });
    expect(screen.getByRole('textbox', { name: 'Code' })).toHaveValue('DAY-2');
    expect(opened).toBe(2);
  });

  it('edit: starts from the record, shows server field errors on their fields', async () => {
    const user = userEvent.setup();
    server.use(endpointSuccess(c.getWidget, W1), endpointError(c.updateWidget, 'VALIDATION', { fields: { code: ['ui.validation.required'] } }));
    renderWithProviders(<ResourceFormPage resource={widgets} mode="edit" />, { route: `/admin-controls/offer-maintenance/edit?id=${W1.id}`, namespaces });
    expect(await screen.findByRole('heading', { level: 1, name: 'Edit DU-1' })).toBeInTheDocument();
    const code = screen.getByRole('textbox', { name: 'Code' });
    expect(code).toHaveValue('DU-1');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(code).toHaveAttribute('aria-invalid', 'true'));
    expect(within(screen.getByTestId('form-error-summary')).getByRole('button', { name: 'Code: This field is required.' })).toBeInTheDocument();
  });

  it('edit: sends the version it loaded; a 409 RECORD_CHANGED says so and shows the current record, whose version the next save sends', async () => {
    const user = userEvent.setup();
    const V1 = '2026-11-25T01:00:00.000Z';
    const V2 = '2026-11-25T01:05:00.000Z';
    // Another tab saved the widget after this page read it: the server holds V2.
    let stored: typeof W1 = { ...W1, updatedAt: V1 };
    const bodies: { version?: string; name?: string }[] = [];
    const versioned = describeResource({ ...widgets, endpoints: { ...widgets.endpoints, update: c.updateVersionedWidget } });
    server.use(
      endpointSuccess(c.getWidget, () => stored),
      http.post(c.updateVersionedWidget.path, async ({ request }) => {
        const body = (await request.json()) as { version: string; name: string };
        bodies.push(body);
        if (body.version !== stored.updatedAt) {
          return HttpResponse.json({ status: 'error', error: { code: 'RECORD_CHANGED', message: 'stale' }, traceId: 't' }, { status: 409 });
        }
        stored = { ...stored, name: body.name, updatedAt: '2026-11-25T01:06:00.000Z' };
        return HttpResponse.json({ status: 'success', data: { id: W1.id }, traceId: 't' });
      }),
    );
    const { memoryRouter } = renderWithProviders(<ResourceFormPage resource={versioned} mode="edit" />, { route: `/admin-controls/offer-maintenance/edit?id=${W1.id}`, namespaces });
    const name = await screen.findByRole('textbox', { name: 'Name' });
    stored = { ...stored, name: 'Renamed in another tab', updatedAt: V2 };

    await user.clear(name);
    await user.type(name, 'My name');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const notice = await screen.findByTestId('form-record-changed');
    expect(notice).toHaveTextContent('Someone else changed this record after you opened it');
    // The record read again: the form shows its current values, under the new version.
    await waitFor(() => expect(notice).toHaveTextContent('The form now shows the current values'));
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveValue('Renamed in another tab');
    expect(bodies).toEqual([{ id: W1.id, code: 'DU-1', name: 'My name', version: V1 }]);
    expect(memoryRouter!.asPath).not.toContain('/view/');
    // No error alert of the form beside the notice: nothing to correct in the fields.
    expect(screen.queryByTestId('form-error')).not.toBeInTheDocument();

    // The user makes the change again: saved with the version now shown.
    await user.clear(screen.getByRole('textbox', { name: 'Name' }));
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'My name');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(memoryRouter!.asPath).toBe(`/admin-controls/offer-maintenance/view/${W1.id}`));
    expect(bodies[1]).toEqual({ id: W1.id, code: 'DU-1', name: 'My name', version: V2 });
    expect(stored.name).toBe('My name');
  });

  it('edit: a newer version read while the user types (a refetch) does not replace the version the form loaded', async () => {
    const user = userEvent.setup();
    const V1 = '2026-11-25T01:00:00.000Z';
    let stored: typeof W1 = { ...W1, updatedAt: V1 };
    const bodies: { version?: string }[] = [];
    const versioned = describeResource({ ...widgets, endpoints: { ...widgets.endpoints, update: c.updateVersionedWidget } });
    server.use(
      endpointSuccess(c.getWidget, () => stored),
      endpointSuccess(c.updateVersionedWidget, (b) => (bodies.push(b), { id: W1.id })),
    );
    const { queryClient } = renderWithProviders(<ResourceFormPage resource={versioned} mode="edit" />, { route: `/admin-controls/offer-maintenance/edit?id=${W1.id}`, namespaces });
    const name = await screen.findByRole('textbox', { name: 'Name' });
    await user.type(name, ' changed');
    stored = { ...stored, name: 'Someone else', updatedAt: '2026-11-25T01:05:00.000Z' };
    await queryClient!.refetchQueries();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toMatchObject({ version: V1, name: 'Duplex unit changed' });
  });

  it('edit: an update whose contract declares its body lazily still sends the version, read from the schema the description gives', async () => {
    const user = userEvent.setup();
    const V1 = '2026-11-25T01:00:00.000Z';
    const bodies: { version?: string }[] = [];
    const lazy = describeResource({
      ...widgets,
      endpoints: { ...widgets.endpoints, update: c.updateLazyVersionedWidget },
      bodies: { update: widgetVersionedUpdateSchema },
    });
    server.use(
      endpointSuccess(c.getWidget, { ...W1, updatedAt: V1 }),
      endpointSuccess(c.updateLazyVersionedWidget, (b) => (bodies.push(b), { id: W1.id })),
    );
    renderWithProviders(<ResourceFormPage resource={lazy} mode="edit" />, { route: `/admin-controls/offer-maintenance/edit?id=${W1.id}`, namespaces });
    await user.type(await screen.findByRole('textbox', { name: 'Name' }), ' changed');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toMatchObject({ version: V1, name: 'Duplex unit changed' });
  });
});
