import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useUrlParam, type UrlParamOptions } from '@/components/common/useUrlParam';
import { renderWithProviders } from '../testUtils/render';

/** Shows the parameter and sets it, as a list screen's row and dialog would. */
function Probe({ name = 'bill', options }: { name?: string; options?: UrlParamOptions }) {
  const [value, setValue] = useUrlParam(name, options);
  return (
    <>
      <output data-testid="value">{value === null ? 'null' : `"${value}"`}</output>
      <button type="button" onClick={() => setValue('b-2')}>
        set
      </button>
      <button type="button" onClick={() => setValue(null)}>
        clear
      </button>
      <button type="button" onClick={() => setValue('')}>
        empty
      </button>
    </>
  );
}

const shown = () => screen.getByTestId('value').textContent;

describe('useUrlParam', () => {
  it('reads the parameter, and null when it is absent', () => {
    renderWithProviders(<Probe />, { route: '/my-account/manage-my-bills?bill=b-1' });
    expect(shown()).toBe('"b-1"');
    renderWithProviders(<Probe name="request" />, { route: '/my-account/manage-my-bills?bill=b-1' });
    expect(screen.getAllByTestId('value')[1]).toHaveTextContent('null');
  });

  it('ignores a repeated parameter (an array is no record id)', () => {
    renderWithProviders(<Probe />, { router: { pathname: '/my-account/manage-my-bills', query: { bill: ['b-1', 'b-2'] } } });
    expect(shown()).toBe('null');
  });

  it('sets and clears it, keeping the other parameters', async () => {
    const user = userEvent.setup();
    const { memoryRouter } = renderWithProviders(<Probe />, { route: '/my-account/manage-my-bills?status=overdue&status=paid&ucpid=UCP1' });
    await user.click(screen.getByRole('button', { name: 'set' }));
    expect(shown()).toBe('"b-2"');
    expect(memoryRouter!.query).toEqual({ status: ['overdue', 'paid'], ucpid: 'UCP1', bill: 'b-2' });
    await user.click(screen.getByRole('button', { name: 'clear' }));
    expect(shown()).toBe('null');
    expect(memoryRouter!.query).toEqual({ status: ['overdue', 'paid'], ucpid: 'UCP1' });
    expect(memoryRouter!.pathname).toBe('/my-account/manage-my-bills');
  });

  it("'' removes it too", async () => {
    const user = userEvent.setup();
    const { memoryRouter } = renderWithProviders(<Probe />, { route: '/my-account/manage-my-bills?bill=b-1&q=x' });
    await user.click(screen.getByRole('button', { name: 'empty' }));
    expect(memoryRouter!.query).toEqual({ q: 'x' });
  });

  it('keeps a dynamic route’s own parameter, on the same page', async () => {
    const user = userEvent.setup();
    const { router } = renderWithProviders(<Probe name="placed" />, { router: { pathname: '/my-orders/manage/[id]', query: { id: 'o-1', placed: 'ORD-1' } } });
    expect(shown()).toBe('"ORD-1"');
    await user.click(screen.getByRole('button', { name: 'clear' }));
    expect(router.replace).toHaveBeenCalledWith({ pathname: '/my-orders/manage/[id]', query: { id: 'o-1' } }, undefined, { shallow: true, scroll: false });
  });

  it('replaces the history entry by default (shallow, no scroll) and pushes one when asked', async () => {
    const user = userEvent.setup();
    const replaced = renderWithProviders(<Probe />, { router: { pathname: '/inbox', query: { page: '2' } } });
    await user.click(screen.getByRole('button', { name: 'set' }));
    expect(replaced.router.replace).toHaveBeenCalledWith({ pathname: '/inbox', query: { page: '2', bill: 'b-2' } }, undefined, { shallow: true, scroll: false });
    expect(replaced.router.push).not.toHaveBeenCalled();
    replaced.unmount();

    const pushed = renderWithProviders(<Probe name="id" options={{ history: 'push' }} />, { router: { pathname: '/inbox', query: {} } });
    await user.click(screen.getByRole('button', { name: 'set' }));
    expect(pushed.router.push).toHaveBeenCalledWith({ pathname: '/inbox', query: { id: 'b-2' } }, undefined, { shallow: true, scroll: false });
    expect(pushed.router.replace).not.toHaveBeenCalled();
  });

  it('follows the URL when something else changes it (Back, a link)', async () => {
    const { memoryRouter } = renderWithProviders(<Probe />, { route: '/my-account/manage-my-bills?bill=b-1' });
    await act(async () => {
      await memoryRouter!.replace('/my-account/manage-my-bills');
    });
    expect(shown()).toBe('null');
  });
});
