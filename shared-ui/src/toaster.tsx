// The console's one notice area (SPEC §8, §9): bottom-end, one notice at a time, closing after
// TOAST_DURATION_MS. A new notice replaces the one on screen instead of queueing behind it, so a burst
// of failures never keeps the user reading stale messages for 5 s each. Bottom-end, not top-end: page
// headers carry the actions (Activate, Edit) a user reaches for right after a notice, and a top notice
// covered them for its 5 s; the layouts keep room at the end of the page so the last controls can be
// scrolled clear of it (NOTICE_CLEARANCE).
import { Toaster as ChakraToaster, Portal, Stack, Toast, createToaster } from '@chakra-ui/react';
import { TOAST_DURATION_MS, UI_TEXT } from 'shared-contracts';

/** Space a layout leaves below its content so nothing must stay under a notice (toast height + offset). */
export const NOTICE_CLEARANCE = '7rem';

/** The console's toast store: bottom-end, at most one visible (`max: 1`), TOAST_DURATION_MS each. */
export const toaster = createToaster({
  placement: 'bottom-end',
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
