import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { siteContentResource } from '@/components/admin/siteContent/resource';
import { ResourceFormPage, ResourceViewPage } from '@/components/common/resource';
import { siteContentAdminContract } from '@/lib/siteContent/adminContract';
import type { SectionRecord } from '@/lib/siteContent/adminSchemas';
import { endpointSuccess } from '../testUtils/handlers';
import { renderWithProviders } from '../testUtils/render';
import { server } from '../testUtils/server';

const { getSection, updateSection } = siteContentAdminContract.endpoints;
const social: SectionRecord = {
  id: 'social',
  en: { facebookLink: 'https://www.facebook.com/pis', instagramLink: 'https://www.instagram.com/pis', linkedInLink: '' },
  tc: { facebookLink: 'https://www.facebook.com/pis.hk', instagramLink: '', linkedInLink: '' },
  updatedAt: '2026-11-20T02:00:00.000Z',
};

describe('site content maintenance screens', () => {
  it('view: the section by its name, both languages, not configured links said so', async () => {
    server.use(endpointSuccess(getSection, social));
    renderWithProviders(<ResourceViewPage resource={siteContentResource} />, { functionCodes: ['site_content_read'], router: { query: { id: 'social' } } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Social media links' }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByText('https://www.facebook.com/pis.hk')).toBeInTheDocument();
    expect(screen.getAllByText('Not configured').length).toBe(3);
    expect(screen.queryByRole('link', { name: 'Edit' })).not.toBeInTheDocument();
  }, 30_000);

  // QA (tc): a mobile app read 「太平洋影像 App (iPhone（App Store）)」, half-width brackets round full-width ones.
  it('tc view: a mobile app is named with its platform as Chinese writes it', async () => {
    const app = { key: 'pis', platform: 'ios' as const, storeLabel: 'App Store', link: 'https://apps.apple.com/app/pis' };
    const mobile = {
      id: 'mobile_app',
      en: { mobileApplicationList: [{ ...app, name: 'PIS App' }] },
      tc: { mobileApplicationList: [{ ...app, name: '太平洋影像 App' }] },
      updatedAt: '2026-11-20T02:00:00.000Z',
    } as unknown as SectionRecord;
    server.use(endpointSuccess(getSection, mobile));
    renderWithProviders(<ResourceViewPage resource={siteContentResource} />, { locale: 'tc', functionCodes: ['site_content_read'], router: { query: { id: 'mobile_app' } } });
    expect(await screen.findByText('太平洋影像 App：iPhone（App Store）', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByText('PIS App：iPhone（App Store）')).toBeInTheDocument();
  }, 30_000);

  it('edit: refuses an unsafe link on its field, then sends both languages', async () => {
    const bodies: unknown[] = [];
    server.use(
      endpointSuccess(getSection, social),
      endpointSuccess(updateSection, (body) => {
        bodies.push(body);
        return { id: 'social' };
      }),
    );
    renderWithProviders(<ResourceFormPage resource={siteContentResource} mode="edit" />, { functionCodes: ['site_content_write'], router: { query: { id: 'social' } } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Edit Social media links' }, { timeout: 5000 })).toBeInTheDocument();
    const fbEn = screen.getByRole('textbox', { name: 'Facebook page (English)' });
    const fbTc = screen.getByRole('textbox', { name: 'Facebook page (Chinese)' });
    await userEvent.clear(fbTc);
    await userEvent.type(fbTc, 'javascript:alert(1)');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findAllByText('Enter an https:// address or a portal page starting with /.')).length).toBeGreaterThan(0);
    expect(bodies).toEqual([]);
    await userEvent.clear(fbTc);
    await userEvent.type(fbTc, '/contact-us');
    await userEvent.clear(fbEn);
    await userEvent.type(fbEn, 'https://www.facebook.com/new');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    // The version the form was loaded at: a colleague's save since then is refused (409), not overwritten.
    expect(bodies[0]).toEqual({
      id: 'social',
      version: social.updatedAt,
      en: { facebookLink: 'https://www.facebook.com/new', instagramLink: 'https://www.instagram.com/pis', linkedInLink: '' },
      tc: { facebookLink: '/contact-us', instagramLink: '', linkedInLink: '' },
    });
  }, 60_000);

  // QA: the summary said "Facebook page: Enter an https:// address…" though both languages have a "Facebook page", and
  // the messages had no full stop.
  it.each([
    ['en', 'Facebook page (English)', 'Facebook page (Chinese)', 'Facebook page (Chinese): Enter an https:// address or a portal page starting with /.'],
    ['tc', 'Facebook 專頁（英文）', 'Facebook 專頁（中文）', 'Facebook 專頁（中文）：請輸入 https:// 網址，或以 / 開頭的平台頁面。'],
  ] as const)('edit (%s): each link names its language, so the error summary says which one is wrong', async (locale, enLabel, tcLabel, item) => {
    server.use(endpointSuccess(getSection, social));
    renderWithProviders(<ResourceFormPage resource={siteContentResource} mode="edit" />, { locale, functionCodes: ['site_content_write'], router: { query: { id: 'social' } } });
    expect(await screen.findByRole('textbox', { name: enLabel }, { timeout: 5000 })).toHaveValue('https://www.facebook.com/pis');
    const fbTc = screen.getByRole('textbox', { name: tcLabel });
    await userEvent.clear(fbTc);
    await userEvent.type(fbTc, 'http://www.facebook.com/pis.hk');
    await userEvent.click(screen.getByRole('button', { name: locale === 'en' ? 'Save' : '儲存' }));
    const summary = await screen.findByTestId('form-error-summary');
    expect(within(summary).getByRole('button', { name: item })).toBeInTheDocument();
  }, 60_000);
});
