// The notice a minute before an unused console signs itself out. Loaded only when it is due, so it
// weighs nothing on the sign-in page or the layout's first load.
import { useRef } from 'react';
import { Button, Portal } from 'shared-ui';
import { Dialog } from 'shared-ui/dialog';
import type { IdleWarning } from 'shared-auth';
import { IDLE_TEXT } from 'shared-contracts';

/** Props of IdleWarningDialog. */
export interface IdleWarningDialogProps {
  warning: IdleWarning;
}

/**
 * An alertdialog with its one button focused: pressing it, closing the dialog or any other use of
 * the console keeps the session (the watch then refreshes it once and closes this).
 */
export function IdleWarningDialog({ warning }: IdleWarningDialogProps) {
  const stayRef = useRef<HTMLButtonElement>(null);
  return (
    <Dialog.Root
      open
      role="alertdialog"
      placement="center"
      initialFocusEl={() => stayRef.current}
      onOpenChange={(details) => {
        if (!details.open) warning.staySignedIn();
      }}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner px={{ base: '4', md: '0' }}>
          <Dialog.Content data-testid="idle-warning">
            <Dialog.Header>
              <Dialog.Title>{IDLE_TEXT.title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Dialog.Description>{IDLE_TEXT.warning}</Dialog.Description>
            </Dialog.Body>
            <Dialog.Footer>
              <Button ref={stayRef} colorPalette="blue" onClick={warning.staySignedIn}>
                {IDLE_TEXT.staySignedIn}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
