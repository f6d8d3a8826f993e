// `shared-ui/dialog`: overlays (Ark/zag dialog, drawer and menu machines): the confirmation, action
// and form dialogs and the row actions menu.
import { addEntryRecipes } from '../entry-recipes';

// This entry's components are styled by recipes the core system does not hold (../entry-recipes.ts).
addEntryRecipes();

export { Dialog, Drawer, Menu } from '@chakra-ui/react';
export { ConfirmDialog, type ConfirmDialogProps } from '../confirm-dialog';
export { ActionDialog, type ActionDialogProps } from '../action-dialog';
export {
  DeleteDialog,
  recordDeleteDialog,
  useRecordDelete,
  type DeleteDescription,
  type DeleteDialogProps,
  type DeleteDialogState,
  type RecordDelete,
} from '../delete-dialog';
export {
  useActivation,
  useRowAction,
  type Activation,
  type RowActionOptions,
  type RowActionRunner,
  type RunOptions,
  type SuccessNotice,
} from '../use-row-action';
export { useDialogTarget, type DialogTarget } from '../use-dialog-target';
export { FormDialog, type FormDialogProps } from '../form-dialog';
export { RowActionsMenu, type RowAction, type RowActionsMenuProps } from '../row-actions-menu';
export {
  KeyCap,
  ShortcutsHelpButton,
  ShortcutsHelpDialog,
  type ShortcutsHelpDialogProps,
} from '../shortcuts-help';
