import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { enquiriesResource, faqResource, helpArticlesResource, usefulLinksResource } from '@/components/admin/support/resources';
import { ResourceFormPage, ResourceListPage } from '@/components/common/resource';
import { supportAdminContract } from '@/lib/support/adminContract';
import { endpointSuccess } from '../../testUtils/handlers';
import { renderWithProviders } from '../../testUtils/render';
import { server } from '../../testUtils/server';

const c = supportAdminContract.endpoints;

// QA: "Published" was ticked on every add form, so a half-finished entry was live for customers the moment it was saved.
describe('support content add forms', () => {
  it.each([
    ['quick-help article', helpArticlesResource],
    ['FAQ entry', faqResource],
    ['useful link', usefulLinksResource],
  ] as const)('a new %s starts unpublished', async (_name, resource) => {
    renderWithProviders(<ResourceFormPage resource={resource as typeof usefulLinksResource} mode="add" />, { functionCodes: ['support_content_write'] });
    expect(await screen.findByRole('checkbox', { name: /Published/ })).not.toBeChecked();
  });
});

// QA: a useful link to `/no-such-page` was saved, and customers got a 404; the inbox builder's link takes real pages only.
describe('useful link address', () => {
  it('refuses a portal path that is no page, on its field; takes a real page and saves it unpublished', async () => {
    const bodies: unknown[] = [];
    server.use(endpointSuccess(c.createLink, (body) => (bodies.push(body), { id: '5eed0000-0000-4000-8000-000000000001' })));
    renderWithProviders(<ResourceFormPage resource={usefulLinksResource} mode="add" />, { functionCodes: ['support_content_write'] });
    await userEvent.type(await screen.findByRole('textbox', { name: /Title \(English\)/ }), 'Contact us');
    await userEvent.type(screen.getByRole('textbox', { name: /Title \(Chinese\)/ }), '聯絡我們');
    const address = screen.getByRole('textbox', { name: /Address/ });
    await userEvent.type(address, '/no-such-page');
    await userEvent.click(screen.getByRole('button', { name: 'Add link' }));
    expect((await screen.findAllByText('No page of the portal has this address. Enter the path of a portal page, such as /contact-us.')).length).toBeGreaterThan(0);
    expect(bodies).toEqual([]);

    await userEvent.clear(address);
    await userEvent.type(address, '/contact-us');
    await userEvent.click(screen.getByRole('button', { name: 'Add link' }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toMatchObject({ url: '/contact-us', published: false });
  }, 30_000);
});

// QA (tc): the enquiry list named every customer in English (Harbour View Trading Company Limited) while the enquiry's
// page, a click away, named it 海景貿易有限公司.
describe('customer enquiries list', () => {
  it('tc: names the customer by its Chinese name, as the enquiry page does', async () => {
    const row = {
      id: '5eed0000-0000-4000-8000-000000000009',
      reference: 'ENQ-000009',
      ucpId: 'UCP100001',
      customerName: 'Harbour View Trading Company Limited',
      customerNameZh: '海景貿易有限公司',
      topic: 'general' as const,
      subject: 'Toner',
      contactName: 'Chan Tai Man',
      createdAt: '2026-11-11T07:42:00.000Z',
    };
    server.use(endpointSuccess(c.listEnquiries, { items: [row], total: 1 }));
    renderWithProviders(<ResourceListPage resource={enquiriesResource} />, { locale: 'tc', functionCodes: ['support_enquiry_read'], route: '/admin-controls/customer-enquiries' });
    expect((await screen.findAllByText('海景貿易有限公司 (UCP100001)')).length).toBeGreaterThan(0);
    expect(screen.queryByText(/Harbour View/)).not.toBeInTheDocument();
  });
});
