import { screen } from '@testing-library/react';
import { faqResource, helpArticlesResource, usefulLinksResource } from '@/components/admin/support/resources';
import { ResourceFormPage } from '@/components/common/resource';
import { renderWithProviders } from '../../testUtils/render';

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
