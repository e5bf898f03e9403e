import { screen } from '@testing-library/react';
import { StatusChip, STATUS_TONES, statusChipColors, statusTone, type KnownStatus } from '@/components/common/StatusChip';
import { STATUS_COLORS, theme } from '@/lib/theme/theme';
import enCommon from '@/public/locales/en/common.json';
import tcCommon from '@/public/locales/tc/common.json';
import { renderWithProviders } from '../testUtils/render';

const STATUSES = Object.keys(STATUS_TONES) as KnownStatus[];

/** Every status the issue names, per domain: none may be missing from the chip's table. */
const DOMAIN_STATUSES = {
  orders: ['pending', 'confirmed', 'processing', 'shipped', 'delivered', 'completed', 'cancelled'],
  bills: ['unpaid', 'partly_paid', 'paid', 'overdue', 'under_review'],
  slips: ['pending', 'approved', 'reject'],
  shipments: ['received', 'picked', 'dispatched', 'out_for_delivery', 'delivered', 'failed'],
  generic: ['active', 'inactive', 'expired'],
};

// WCAG 2 relative luminance and contrast ratio.
const channel = (c: number) => {
  const s = c / 255;
  return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
};
type Rgb = [number, number, number];
/** '#rrggbb', 'rgb(r, g, b)' or 'rgba(r, g, b, a)' → channels and alpha. */
const parse = (colour: string): { c: Rgb; a: number } => {
  if (colour.startsWith('#')) return { c: [1, 3, 5].map((i) => parseInt(colour.slice(i, i + 2), 16)) as Rgb, a: 1 };
  const parts = colour.replace(/^rgba?\(|\)$/g, '').split(',').map((p) => Number(p.trim()));
  return { c: [parts[0]!, parts[1]!, parts[2]!], a: parts[3] ?? 1 };
};
const luminance = ([r, g, b]: Rgb) => 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
const contrast = (a: Rgb, b: Rgb) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
};
/** A (translucent) colour painted over an opaque surface. */
const over = (colour: string, surface: string): Rgb => {
  const { c, a } = parse(colour);
  const b = parse(surface).c;
  return [0, 1, 2].map((i) => Math.round(c[i]! * a + b[i]! * (1 - a))) as Rgb;
};

describe('StatusChip', () => {
  it('knows every status of orders, bills, slips, shipments and the generic ones, each translated in en and tc', () => {
    for (const status of Object.values(DOMAIN_STATUSES).flat()) {
      expect(STATUSES).toContain(status);
      expect((enCommon.status as Record<string, string>)[status]).toBeTruthy();
      expect((tcCommon.status as Record<string, string>)[status]).toBeTruthy();
      expect((tcCommon.status as Record<string, string>)[status]).not.toBe((enCommon.status as Record<string, string>)[status]);
    }
  });

  it.each(STATUSES)('shows "%s" with its label in both locales and its colour family', (status) => {
    const { unmount } = renderWithProviders(<StatusChip status={status} />);
    const en = screen.getByText((enCommon.status as Record<string, string>)[status]!);
    const chip = en.closest('[data-status]')!;
    expect(chip).toHaveAttribute('data-status', status);
    expect(chip).toHaveAttribute('data-tone', STATUS_TONES[status]);
    const tone = STATUS_TONES[status];
    if (tone !== 'neutral') expect(chip).toHaveStyle({ color: statusChipColors(tone, 'light').text });
    unmount();
    renderWithProviders(<StatusChip status={status} />, { locale: 'tc' });
    expect(screen.getByText((tcCommon.status as Record<string, string>)[status]!)).toBeInTheDocument();
  });

  it('maps the meaning to the theme colours', () => {
    expect(statusTone('paid')).toBe('approved');
    expect(statusTone('overdue')).toBe('reject');
    expect(statusTone('reject')).toBe('reject');
    expect(statusTone('pending')).toBe('pending');
    expect(statusTone('under_review')).toBe('completed');
    expect(statusTone('shipped')).toBe('inProgress');
    expect(statusTone('cancelled')).toBe('neutral');
  });

  it('shows an unknown status as neutral text rather than failing, and a given label over the translation', () => {
    renderWithProviders(
      <>
        <StatusChip status="mystery_state" />
        <StatusChip status="paid" label="Paid on 12 Mar" />
      </>,
    );
    expect(screen.getByText('mystery_state').closest('[data-tone]')).toHaveAttribute('data-tone', 'neutral');
    expect(screen.getByText('Paid on 12 Mar').closest('[data-tone]')).toHaveAttribute('data-tone', 'approved');
  });

  it('keeps text contrast at least 4.5:1 on paper and page backgrounds in light and dark', () => {
    const schemes = (theme as unknown as { colorSchemes: unknown }).colorSchemes as Record<'light' | 'dark', { palette: { background: { default: string; paper: string } } }>;
    for (const mode of ['light', 'dark'] as const) {
      const { paper, default: page } = schemes[mode].palette.background;
      for (const tone of Object.keys(STATUS_COLORS) as (keyof typeof STATUS_COLORS)[]) {
        const { text, background } = statusChipColors(tone, mode);
        for (const surface of [paper, page]) {
          const ratio = contrast(parse(text).c, over(background, surface));
          if (ratio < 4.5) throw new Error(`${tone} in ${mode} on ${surface}: ${ratio.toFixed(2)}`);
        }
      }
    }
  });
});
