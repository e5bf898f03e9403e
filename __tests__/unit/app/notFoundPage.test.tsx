import { screen } from '@testing-library/react';
import NotFoundPage from '@/pages/404';
import { APPROVAL_AREAS, readWriteCodes } from '@/lib/permissions/codes';
import { landingPath } from '@/lib/navigation';
import { toGrants } from '@/lib/permissions/canAccess';
import { renderWithProviders } from '../testUtils/render';

const homeButton = () => screen.getByRole('link', { name: 'Go to the home page' });

describe('404 page: "Go to the home page"', () => {
  it("leads staff without `home` to the page they land on after signing in, not to '/' (which answered \"no permission\")", () => {
    const codes = readWriteCodes(APPROVAL_AREAS);
    renderWithProviders(<NotFoundPage />, { functionCodes: codes, user: { ucpId: 'PROVIDER' } });
    expect(homeButton()).toHaveAttribute('href', landingPath(toGrants(codes)));
    expect(homeButton()).not.toHaveAttribute('href', '/');
  });

  it('leads a customer user to home', () => {
    renderWithProviders(<NotFoundPage />, { functionCodes: ['home'] });
    expect(homeButton()).toHaveAttribute('href', '/');
  });

  it('leads a signed-out visitor to home (where signing in starts)', () => {
    renderWithProviders(<NotFoundPage />, { session: null });
    expect(homeButton()).toHaveAttribute('href', '/');
  });
});
