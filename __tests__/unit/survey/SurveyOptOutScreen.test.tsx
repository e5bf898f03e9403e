import { screen } from '@testing-library/react';
import { SurveyOptOutScreen } from '@/components/survey/SurveyOptOutScreen';
import { surveyContract } from '@/lib/survey/contract';
import { endpointError } from '../testUtils/handlers';
import { renderWithProviders } from '../testUtils/render';
import { server } from '../testUtils/server';

describe('SurveyOptOutScreen (issue 10 minor)', () => {
  it('a damaged link (the server refuses the token as VALIDATION) says the link is invalid', async () => {
    server.use(endpointError(surveyContract.endpoints.getOptOut, 'VALIDATION', { status: 400 }));
    renderWithProviders(<SurveyOptOutScreen />, { router: { pathname: '/survey/optput', query: { token: 'broken' }, asPath: '/survey/optput?token=broken' } });
    expect(await screen.findByRole('alert', {}, { timeout: 8000 })).toHaveTextContent('This link is not valid or has expired.');
  });
});
