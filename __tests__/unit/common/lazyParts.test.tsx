import { act, render, renderHook } from '@testing-library/react';
import { LoadingCode, useOpenedOnce } from '@/components/common/lazyParts';
import { useLoadingStore } from '@/store/loadingStore';

afterEach(() => useLoadingStore.getState().reset());

describe('LoadingCode', () => {
  it('shows the global loading overlay while a part’s code arrives, counted like a request beside the others', () => {
    useLoadingStore.getState().begin(); // a request already in flight
    const view = render(<LoadingCode />);
    expect(useLoadingStore.getState()).toMatchObject({ pending: 2, isLoading: true });
    view.unmount();
    expect(useLoadingStore.getState()).toMatchObject({ pending: 1, isLoading: true });
    useLoadingStore.getState().end();
    expect(useLoadingStore.getState().isLoading).toBe(false);
  });
});

describe('useOpenedOnce', () => {
  it('is false until the first opening, then stays true after closing (the closing transition plays)', () => {
    const { result, rerender } = renderHook(({ open }: { open: boolean }) => useOpenedOnce(open), { initialProps: { open: false } });
    expect(result.current).toBe(false);
    act(() => rerender({ open: true }));
    expect(result.current).toBe(true);
    act(() => rerender({ open: false }));
    expect(result.current).toBe(true);
  });
});
