import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CsvExportButton } from '@/components/common/DownloadButton';
import type { DownloadState } from '@/components/common/useDownload';
import { renewalContract } from '@/lib/renewal/contract';
import { renderWithProviders } from '../testUtils/render';

const idle = (): DownloadState => ({ busyKey: null, progress: null, error: null, clearError: jest.fn(), run: jest.fn(async () => true) });

describe('CsvExportButton', () => {
  it.each([
    ['en', 'renewal-report.csv'],
    ['tc', '續約報告.csv'],
  ] as const)('exports the filtered list in the page language (%s), the file named in it', async (locale, fileName) => {
    const download = idle();
    const filter = { status: ['submitted' as const] };
    renderWithProviders(
      <CsvExportButton
        download={download}
        label="Export CSV"
        endpoint={renewalContract.endpoints.exportReport}
        filter={filter}
        fileName={{ en: 'renewal-report.csv', tc: '續約報告.csv' }}
        testId="export-report"
      />,
      { locale },
    );
    await userEvent.click(screen.getByTestId('export-report'));
    expect(download.run).toHaveBeenCalledWith('csv', renewalContract.endpoints.exportReport, { filter, lang: locale }, fileName);
  });

  it('is busy while its own run goes', () => {
    renderWithProviders(
      <CsvExportButton
        download={{ ...idle(), busyKey: 'csv' }}
        label="Export CSV"
        endpoint={renewalContract.endpoints.exportReport}
        filter={{}}
        fileName={{ en: 'a.csv', tc: 'b.csv' }}
      />,
    );
    expect(screen.getByRole('button', { name: /Preparing/ })).toBeDisabled();
  });
});
