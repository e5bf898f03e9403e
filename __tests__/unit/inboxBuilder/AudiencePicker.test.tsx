/**
 * QA defect: the "Customers" picker ignored typing ("Lung" or "UCP100003" left the field empty and every option
 * listed). MUI's Autocomplete empties its text whenever it gets a new `value`, and the picker built a new one on every
 * render. Typing now stays and searches (the server matches the UCP id and both names; it never offers the provider).
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { BuilderAddScreen } from '@/components/admin/inboxBuilder/BuilderScreens';
import { inboxBuilderContract } from '@/lib/inboxBuilder/contract';
import type { BuilderTarget } from '@/lib/inboxBuilder/schemas';
import { endpointError, endpointSuccess } from '../testUtils/handlers';
import { renderWithProviders } from '../testUtils/render';
import { server } from '../testUtils/server';

const { audienceOptions, createMessage } = inboxBuilderContract.endpoints;

const CUSTOMERS: BuilderTarget[] = [
  { id: 'UCP100001', nameEn: 'Harbour View Trading Company Limited', nameZh: '海景貿易有限公司' },
  { id: 'UCP100002', nameEn: 'Lung Cheong Logistics Limited', nameZh: '隆昌物流有限公司' },
  { id: 'UCP100003', nameEn: 'Sunrise Dental Clinic Limited', nameZh: '旭日牙科診所有限公司' },
];

/** Answers like the server: the customers whose id or either name contains q (case-insensitive). */
function searchableOptions() {
  const queries: (string | undefined)[] = [];
  server.use(
    endpointSuccess(audienceOptions, (body) => {
      queries.push(body.q);
      const q = body.q?.toLowerCase();
      const hit = (c: BuilderTarget) => !q || [c.id, c.nameEn, c.nameZh].some((s) => s.toLowerCase().includes(q));
      return { customers: CUSTOMERS.filter(hit), groups: [] };
    }),
  );
  return queries;
}

const optionNames = () => within(screen.getByRole('listbox')).getAllByRole('option').map((o) => o.textContent);

describe('build inbox message: the customers picker', () => {
  it('typing a name keeps the text and lists only the customers found; picking one keeps it', async () => {
    const queries = searchableOptions();
    const bodies: unknown[] = [];
    server.use(
      endpointSuccess(createMessage, (body) => {
        bodies.push(body);
        return { id: '7d2f3c1e-5b6a-4c8d-9e0f-1a2b3c4d5e6f' };
      }),
    );
    renderWithProviders(<BuilderAddScreen />, { functionCodes: ['build_inbox_message_write'] });
    const picker = screen.getByRole('combobox', { name: 'Customers' });
    await userEvent.click(picker);
    await waitFor(() => expect(optionNames()).toHaveLength(3));
    await userEvent.type(picker, 'Lung');
    expect(picker).toHaveValue('Lung');
    await waitFor(() => expect(optionNames()).toEqual(['UCP100002 · Lung Cheong Logistics Limited']));
    expect(queries).toContain('Lung');
    // Still there after the answer arrived (the answer used to wipe it too).
    expect(picker).toHaveValue('Lung');
    await userEvent.click(screen.getByRole('option', { name: 'UCP100002 · Lung Cheong Logistics Limited' }));
    expect(screen.getByRole('button', { name: 'UCP100002 · Lung Cheong Logistics Limited' })).toBeInTheDocument();

    // A second search by number adds a second customer.
    await userEvent.type(picker, 'UCP100003');
    expect(picker).toHaveValue('UCP100003');
    await waitFor(() => expect(optionNames()).toEqual(['UCP100003 · Sunrise Dental Clinic Limited']));
    await userEvent.click(screen.getByRole('option', { name: 'UCP100003 · Sunrise Dental Clinic Limited' }));

    await userEvent.type(screen.getByLabelText('Title (English)'), 'Typhoon arrangements');
    await userEvent.type(screen.getByLabelText('Message (English)'), 'Deliveries resume when signal no. 8 is lowered.');
    await userEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toMatchObject({ audience: 'customers', customerIds: ['UCP100002', 'UCP100003'] });
  }, 60_000);

  it('in Chinese, a Chinese name finds the customer', async () => {
    searchableOptions();
    renderWithProviders(<BuilderAddScreen />, { locale: 'tc', functionCodes: ['build_inbox_message_write'] });
    const picker = screen.getByRole('combobox', { name: '客戶' });
    await userEvent.click(picker);
    await userEvent.type(picker, '旭日');
    expect(picker).toHaveValue('旭日');
    await waitFor(() => expect(optionNames()).toEqual(['UCP100003 · 旭日牙科診所有限公司']));
  }, 60_000);

  // QA: on /tc the picker's open / close / clear buttons were named "Open", "Close" and "Clear" (MUI's defaults).
  it('in Chinese, the picker names its own buttons in Chinese', async () => {
    searchableOptions();
    renderWithProviders(<BuilderAddScreen />, { locale: 'tc', functionCodes: ['build_inbox_message_write'] });
    const picker = screen.getByRole('combobox', { name: '客戶' });
    const field = picker.closest('.MuiAutocomplete-root') as HTMLElement;
    expect(within(field).getByRole('button', { name: '顯示選項' })).toBeInTheDocument();
    await userEvent.click(picker);
    await waitFor(() => expect(optionNames()).toHaveLength(3));
    expect(within(field).getByRole('button', { name: '隱藏選項' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('option', { name: 'UCP100003 · 旭日牙科診所有限公司' }));
    await waitFor(() => expect(field.querySelector('.MuiAutocomplete-clearIndicator')).toHaveAttribute('aria-label', '移除全部已選項目'));
    expect(within(field).queryByRole('button', { name: /^(Open|Close|Clear)$/, hidden: true })).toBeNull();
  }, 60_000);
  // QA desk review: a search that failed showed "No match" (or "Loading…" while it was retried every 5 s), so staff
  // concluded no customer fitted. The picker says what went wrong instead, in the page's language.
  it.each([
    ['en', 'Customers', 'The service is temporarily unavailable'],
    ['tc', '客戶', '服務暫時未能使用'],
  ] as const)('%s: a failed search says so instead of "No match"', async (locale, name, text) => {
    server.use(endpointError(audienceOptions, 'SERVICE_UNAVAILABLE', { status: 503 }));
    renderWithProviders(<BuilderAddScreen />, { locale, functionCodes: ['build_inbox_message_write'] });
    const picker = screen.getByRole('combobox', { name });
    await userEvent.click(picker);
    await userEvent.type(picker, 'Lung');
    expect(await screen.findByText(new RegExp(text), {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.queryByText(/^(No match|沒有相符項目)$/)).not.toBeInTheDocument();
  }, 60_000);
});
