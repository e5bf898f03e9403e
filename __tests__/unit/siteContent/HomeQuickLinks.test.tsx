import { screen, within } from '@testing-library/react';
import { HomeQuickLinks } from '@/components/siteContent/HomeQuickLinks';
import { usePortalStore } from '@/store/portalStore';
import { renderWithProviders } from '../testUtils/render';

describe('HomeQuickLinks', () => {
  it('shows the request-for-quote, your-voice and rChoice links as cards', () => {
    usePortalStore.setState({
      linkconfiguration: {
        requestforQuoteLink: 'https://www.example.hk/en/request-for-quote',
        yourVoiceLink: 'https://www.example.hk/en/your-voice',
        rChoiceLink: '/customer-support/useful-links',
      },
    });
    renderWithProviders(<HomeQuickLinks />);
    const section = screen.getByRole('region', { name: 'Quick links' });
    const quote = within(section).getByRole('link', { name: /Request a quote/ });
    expect(quote).toHaveAttribute('href', 'https://www.example.hk/en/request-for-quote');
    expect(quote).toHaveAttribute('target', '_blank');
    expect(quote).toHaveAttribute('rel', 'noopener noreferrer');
    expect(quote).toHaveAccessibleName(expect.stringContaining('(opens in a new tab)'));
    expect(within(section).getByRole('link', { name: /Your voice/ })).toHaveAttribute('href', 'https://www.example.hk/en/your-voice');
    const rChoice = within(section).getByRole('link', { name: /rChoice/ });
    expect(rChoice).toHaveAttribute('href', '/customer-support/useful-links');
    expect(rChoice).not.toHaveAttribute('target');
    expect(within(section).getAllByRole('listitem')).toHaveLength(3);
  });

  it('leaves out links that are not configured or unsafe, and renders nothing when none is left', () => {
    usePortalStore.setState({ linkconfiguration: { requestforQuoteLink: '', yourVoiceLink: 'javascript:alert(1)', rChoiceLink: 'https://r.example.hk' } });
    const { unmount } = renderWithProviders(<HomeQuickLinks />, { locale: 'tc' });
    expect(screen.getByRole('heading', { name: '快速連結' })).toBeInTheDocument();
    expect(screen.getAllByRole('link')).toHaveLength(1);
    unmount();

    usePortalStore.setState({ linkconfiguration: { requestforQuoteLink: '', yourVoiceLink: '', rChoiceLink: '' } });
    const { container } = renderWithProviders(<HomeQuickLinks />);
    expect(container).toBeEmptyDOMElement();
  });
});
