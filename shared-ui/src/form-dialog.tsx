// A modal form: title, optional description, fields, then Cancel and a submit button. The form
// element is the dialog's content, so Enter submits and react-hook-form's handleSubmit plugs in.
import { Button, Dialog, Portal } from '@chakra-ui/react';
import type { FormEventHandler, ReactNode } from 'react';

/** Props of FormDialog. */
export interface FormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: ReactNode;
  submitLabel: string;
  /** Text of the submit button while the call is in flight (e.g. 'Saving...'). */
  pendingLabel?: string;
  isPending?: boolean;
  /** The form's submit handler, e.g. `handleSubmit(onSave)`. */
  onSubmit: FormEventHandler<HTMLFormElement>;
  children: ReactNode;
}

/**
 * Modal form; stays open while the call is in flight.
 * @example <FormDialog open={open} onOpenChange={setOpen} title="Add bank account" submitLabel="Save" isPending={isSubmitting} onSubmit={handleSubmit(save)}>…fields…</FormDialog>
 */
export function FormDialog({
  open,
  onOpenChange,
  title,
  description,
  submitLabel,
  pendingLabel,
  isPending = false,
  onSubmit,
  children,
}: FormDialogProps) {
  return (
    <Dialog.Root
      // Closed dialogs (a page keeps several) cost nothing until opened.
      lazyMount
      unmountOnExit
      open={open}
      onOpenChange={(details) => {
        if (!isPending) onOpenChange(details.open);
      }}
      closeOnInteractOutside={!isPending}
      closeOnEscape={!isPending}
      placement="center"
      scrollBehavior="inside"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner px={{ base: '4', md: '0' }}>
          <Dialog.Content asChild>
            <form onSubmit={onSubmit} noValidate>
              <Dialog.Header>
                <Dialog.Title>{title}</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body display="flex" flexDirection="column" gap="4">
                {description ? <Dialog.Description color="fg.muted">{description}</Dialog.Description> : null}
                {children}
              </Dialog.Body>
              <Dialog.Footer flexWrap="wrap">
                <Button variant="outline" disabled={isPending} onClick={() => onOpenChange(false)}>
                  Cancel
                </Button>
                <Button
                  type="submit"
                  colorPalette="blue"
                  loading={isPending}
                  loadingText={pendingLabel ?? submitLabel}
                >
                  {submitLabel}
                </Button>
              </Dialog.Footer>
            </form>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
