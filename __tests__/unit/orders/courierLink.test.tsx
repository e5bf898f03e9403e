import { screen } from '@testing-library/react';
import { TrackingNumber } from '@/components/orders/TrackingNumber';
import { courierTrackingUrl } from '@/components/orders/format';
import { renderWithProviders } from '../testUtils/render';

describe('courier tracking numbers (issue 10 minor)', () => {
  it('link to the courier’s public tracking page, in a new tab', () => {
    renderWithProviders(<TrackingNumber courier="sf_express" trackingNo="SF1234567890" />);
    const link = screen.getByRole('link', { name: /SF1234567890/ });
    expect(link).toHaveAttribute('href', 'https://htm.sf-express.com/hk/en/dynamic_function/waybill/#search/bill-number/SF1234567890');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', expect.stringContaining('noopener'));
  });

  it('SF Express links to its Traditional Chinese page on tc pages', () => {
    renderWithProviders(<TrackingNumber courier="sf_express" trackingNo="SF1234567890" />, { locale: 'tc' });
    expect(screen.getByRole('link', { name: /SF1234567890/ })).toHaveAttribute('href', 'https://htm.sf-express.com/hk/tc/dynamic_function/waybill/#search/bill-number/SF1234567890');
    expect(courierTrackingUrl('sf_express', 'SF1', 'en')).toBe('https://htm.sf-express.com/hk/en/dynamic_function/waybill/#search/bill-number/SF1');
  });

  it('Kerry Express has its page; the own fleet has none (plain text)', () => {
    expect(courierTrackingUrl('kerry_express', 'KE 1/2')).toBe('https://hk.kerryexpress.com/track?track=KE%201%2F2');
    renderWithProviders(<TrackingNumber courier="own_fleet" trackingNo="PI-0001" />);
    expect(screen.getByText('PI-0001')).toBeInTheDocument();
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });
});
