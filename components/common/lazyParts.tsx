import { useEffect, useState } from 'react';
import { useLoadingStore } from '@/store/loadingStore';

/*
 * Parts whose code loads when they are first needed (`next/dynamic`): dialogs opened by a click, the header's menus.
 */

/**
 * The `loading` of a part whose code is loaded when it is first needed (`next/dynamic`: a dialog opened by a click):
 * the global loading overlay shows while its code arrives, as for a request (spec §4), so a tap on a slow phone is
 * answered at once and not by a pause.
 */
export function LoadingCode(): null {
  useEffect(() => {
    const { begin, end } = useLoadingStore.getState();
    begin();
    return end;
  }, []);
  return null;
}

/** True from a part's first opening on: it then stays mounted, so its closing transition plays. */
export function useOpenedOnce(open: boolean | undefined): boolean {
  const [opened, setOpened] = useState(Boolean(open));
  // During render (React's state adjustment pattern): the first open mounts it in the same pass.
  if (open && !opened) setOpened(true);
  return opened || Boolean(open);
}
