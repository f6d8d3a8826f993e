// The notice area itself: Chakra's toaster store and the rendered toasts (Ark's toast machines, the
// dismissable layer stack). Loaded on first use by ./toaster.tsx, never by the sign-in page: it is
// about a fifth of that page's JavaScript otherwise.
import { Toaster as ChakraToaster, Portal, Stack, Toast, createToaster } from '@chakra-ui/react';
import { TOAST_DURATION_MS } from 'shared-contracts';
import { addEntryRecipes } from './entry-recipes';

// The toast recipe is not in the core system (./entry-recipes.ts).
addEntryRecipes();

/** The console's toast store: bottom-end, at most one visible (`max: 1`), TOAST_DURATION_MS each. */
export const toaster = createToaster({
  placement: 'bottom-end',
  max: 1,
  duration: TOAST_DURATION_MS,
  pauseOnPageIdle: true,
});

/** What ./toaster.tsx asks the area to show. */
export interface Notice {
  id: string;
  type: 'success' | 'error' | 'info' | 'warning';
  title: string;
  description?: string;
}

/** Shows `notice` in place of the one on screen (one notice at a time, never queued). */
export function show({ id, type, title, description }: Notice): void {
  toaster.remove();
  toaster.create({ id, type, title, description, closable: true });
}

/**
 * The notices' layer: Chakra's toast level, above dialogs, instead of the toast machine's own (the
 * highest there is), so that an open menu can be drawn above a notice (row-actions-menu.tsx).
 */
const NOTICE_LAYER = { zIndex: 'var(--chakra-z-index-toast, 1700)' } as const;

/** Renders the toasts of `toaster`; ./toaster.tsx mounts it once it has loaded. */
export function NoticeArea() {
  return (
    <Portal>
      <ChakraToaster toaster={toaster} insetInline={{ mdDown: '4' }} style={NOTICE_LAYER}>
        {(toast) => (
          <Toast.Root width={{ md: 'sm' }}>
            <Toast.Indicator />
            <Stack gap="1" flex="1" maxWidth="100%">
              {toast.title ? <Toast.Title>{toast.title}</Toast.Title> : null}
              {toast.description ? <Toast.Description>{toast.description}</Toast.Description> : null}
            </Stack>
            {toast.closable ? <Toast.CloseTrigger aria-label="Close notice" /> : null}
          </Toast.Root>
        )}
      </ChakraToaster>
    </Portal>
  );
}
