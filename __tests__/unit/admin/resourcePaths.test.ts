/**
 * Every maintenance area's pages are pages of the route table (issue 8 item 5): the list and view paths are checked
 * when compiled (`ResourceBase`); add and edit exist only for areas that add or edit, so they are checked here, for
 * every resource description the portal has.
 */
import { resourcePaths } from '@/components/common/resource';
import { customersResource } from '@/components/admin/customers/resource';
import { offersResource } from '@/components/admin/offers/resource';
import { siteContentResource } from '@/components/admin/siteContent/resource';
import { enquiriesResource, faqResource, helpArticlesResource, usefulLinksResource } from '@/components/admin/support/resources';
import { userGroupsResource } from '@/components/admin/userGroups/resource';
import { usersResource } from '@/components/admin/users/resource';
import { findRoute } from '@/lib/permissions/routes';

const resources = { customersResource, offersResource, siteContentResource, enquiriesResource, faqResource, helpArticlesResource, usefulLinksResource, userGroupsResource, usersResource };

describe.each(Object.entries(resources))('%s', (_name, r) => {
  const paths = resourcePaths(r.base);
  const endpoints = r.endpoints as { create?: unknown; update?: unknown };

  it('lists and views records on pages of the route table', () => {
    expect(findRoute(paths.list)?.path).toBe(r.base);
    expect(findRoute(paths.view('a b/1'))?.path).toBe(`${r.base}/view/[id]`);
    expect(paths.view('a b/1')).toBe(`${r.base}/view/a%20b%2F1`);
  });

  it('adds and edits on pages of the route table when it adds or edits', () => {
    if (endpoints.create) expect(findRoute(paths.add)?.path).toBe(`${r.base}/add`);
    if (endpoints.update) expect(findRoute(paths.edit('x'))?.path).toBe(`${r.base}/edit/[id]`);
    expect(endpoints.create || endpoints.update || r.base.endsWith('customer-enquiries')).toBeTruthy();
  });
});
