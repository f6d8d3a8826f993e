// The console's one notice area (SPEC §8, §9): top-right, one notice at a time, closing after
// TOAST_DURATION_MS. A new notice replaces the one on screen instead of queueing behind it, so a burst
// of failures never keeps the user reading stale messages for 5 s each.
import { Toaster as ChakraToaster, Portal, Stack, Toast, createToaster } from '@chakra-ui/react';
import { TOAST_DURATION_MS, UI_TEXT } from 'shared-contracts';

/** The console's toast store: top-end, at most one visible (`max: 1`), TOAST_DURATION_MS each. */
export const toaster = createToaster({
  placement: 'top-end',
  max: 1,
  duration: TOAST_DURATION_MS,
  pauseOnPageIdle: true,
});

type NoticeType = 'success' | 'error' | 'info' | 'warning';

function notify(type: NoticeType, title: string, description?: string): string {
  toaster.remove();
  return toaster.create({ type, title, description, closable: true });
}

/** Shows a success notice, e.g. notifySuccess('Company created successfully'). */
export function notifySuccess(message: string): string {
  return notify('success', message);
}

/** Shows the destructive notice of every failed action: title 'Error', the message as description. */
export function notifyError(message: string): string {
  return notify('error', UI_TEXT.errorTitle, message);
}

/** Shows a neutral notice, e.g. notifyInfo('Coming Soon'). */
export function notifyInfo(title: string, description?: string): string {
  return notify('info', title, description);
}

/** Renders the toasts of `toaster`; UiProvider mounts it once. */
export function Toaster() {
  return (
    <Portal>
      <ChakraToaster toaster={toaster} insetInline={{ mdDown: '4' }}>
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
