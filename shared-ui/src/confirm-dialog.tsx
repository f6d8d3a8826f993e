// Confirmation (delete company, delete user, …) and the base of the other small decision
// dialogs (change role, reject): an alertdialog whose first focus is the harmless Cancel button,
// unless the dialog confirms a choice already made (Approve) or asks for a text first (a reason).
import { Button, Dialog, Portal } from '@chakra-ui/react';
import { useRef, type ReactNode } from 'react';

/** Props of ConfirmDialog. */
export interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  /** Confirm button text while pending, e.g. 'Deleting...'. */
  pendingLabel?: string;
  cancelLabel?: string;
  /** Red confirm button (delete, downgrade). */
  destructive?: boolean;
  /** While true the confirm button shows pendingLabel with a spinner and nothing can close the dialog. */
  isPending?: boolean;
  /** Disables the confirm button, e.g. while a required reason is blank. */
  confirmDisabled?: boolean;
  onConfirm: () => void;
  /** Extra content under the description (a select, a textarea). */
  children?: ReactNode;
  /**
   * What has the focus when the dialog opens: the harmless Cancel (default), the confirm button
   * (a decision the person already chose, as Approve: Enter confirms), or an element of `children`
   * (the reason to type).
   */
  initialFocus?: 'cancel' | 'confirm' | (() => HTMLElement | null);
}

/**
 * Modal confirmation (role alertdialog) with Cancel focused first unless `initialFocus` says otherwise.
 * @example <ConfirmDialog open={open} onOpenChange={setOpen} title="Delete Company" description={CONFIRM_DELETE_COMPANY} confirmLabel="Delete" pendingLabel="Deleting..." destructive isPending={deleting} onConfirm={remove} />
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  pendingLabel,
  cancelLabel = 'Cancel',
  destructive = false,
  isPending = false,
  confirmDisabled = false,
  onConfirm,
  children,
  initialFocus = 'cancel',
}: ConfirmDialogProps) {
  const cancelRef = useRef<HTMLButtonElement>(null);
  const confirmRef = useRef<HTMLButtonElement>(null);
  const focusFirst =
    initialFocus === 'cancel'
      ? () => cancelRef.current
      : initialFocus === 'confirm'
        ? () => confirmRef.current
        : initialFocus;
  return (
    <Dialog.Root
      // Closed dialogs (a page keeps several) cost nothing until opened.
      lazyMount
      unmountOnExit
      role="alertdialog"
      open={open}
      onOpenChange={(details) => {
        // A call in flight cannot be taken back: keep the dialog until it settles.
        if (!isPending) onOpenChange(details.open);
      }}
      initialFocusEl={focusFirst}
      closeOnInteractOutside={!isPending}
      closeOnEscape={!isPending}
      placement="center"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner px={{ base: '4', md: '0' }}>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body display="flex" flexDirection="column" gap="4">
              <Dialog.Description color="fg.muted">{description}</Dialog.Description>
              {children}
            </Dialog.Body>
            <Dialog.Footer flexWrap="wrap">
              <Button
                ref={cancelRef}
                variant="outline"
                disabled={isPending}
                onClick={() => onOpenChange(false)}
              >
                {cancelLabel}
              </Button>
              <Button
                ref={confirmRef}
                colorPalette={destructive ? 'red' : 'blue'}
                loading={isPending}
                // Without a text Chakra hides the label behind the spinner and the button loses its name.
                loadingText={pendingLabel ?? confirmLabel}
                disabled={confirmDisabled}
                onClick={onConfirm}
              >
                {confirmLabel}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
