// Every delete confirmation of the console: a red 'Delete' that reads 'Deleting...' while the call is
// in flight, the success notice, then onDeleted (leave the deleted record's page, say).
import { useState, type ComponentType, type ReactElement } from 'react';
import { useNavigate } from 'react-router-dom';
import { sectionNamed, type SectionName } from 'shared-contracts';
import { ActionDialog, type ActionDialogProps } from './action-dialog';

/** Props of DeleteDialog: ActionDialog's, with the delete wording set. */
export interface DeleteDialogProps extends Omit<
  ActionDialogProps<unknown>,
  'confirmLabel' | 'pendingLabel' | 'destructive' | 'onDone'
> {
  /** The confirm button, 'Delete' unless the page names what it deletes ('Delete Manager'). */
  confirmLabel?: string;
  /** After the delete succeeded and the dialog closed. */
  onDeleted?: () => void;
}

/**
 * @example <DeleteDialog open={open} onOpenChange={setOpen} title={`Delete ${company.name}`} description={DELETE_COMPANY_TEXT} action={() => deleteCompany(company.id)} successMessage="Company deleted successfully" onDeleted={() => navigate('/companies')} />
 */
export function DeleteDialog({ confirmLabel = 'Delete', onDeleted, ...dialog }: DeleteDialogProps) {
  return (
    <ActionDialog
      {...dialog}
      confirmLabel={confirmLabel}
      pendingLabel="Deleting..."
      destructive
      onDone={onDeleted}
    />
  );
}

/** What a page gives a record's delete dialog: whether it is open, and what follows the delete. */
export type DeleteDialogState = Pick<DeleteDialogProps, 'open' | 'onOpenChange' | 'onDeleted'>;

/** What a section says of deleting one of its records. */
export type DeleteDescription = Pick<
  DeleteDialogProps,
  'title' | 'description' | 'action' | 'successMessage' | 'confirmLabel'
>;

/**
 * A section's delete dialog for one kind of record, from what it says of deleting one.
 * @example export const DeleteCompanyDialog = recordDeleteDialog((company: Company) => ({ title: `Delete ${company.name}`, description: DELETE_COMPANY_TEXT, action: () => deleteCompany(company.id), successMessage: 'Company deleted successfully' }));
 * …<DeleteCompanyDialog record={company} open={open} onOpenChange={setOpen} onDeleted={() => navigate('/companies')} />
 */
export function recordDeleteDialog<R>(describe: (record: R) => DeleteDescription) {
  return function RecordDeleteDialog({ record, ...state }: { record: R } & DeleteDialogState) {
    return <DeleteDialog {...state} {...describe(record)} />;
  };
}

/** What useRecordDelete gives a record's page. */
export interface RecordDelete {
  /** Opens the confirmation: the page's Delete button or menu item. */
  open: () => void;
  /** The confirmation, to render in the page. */
  dialog: ReactElement;
}

/**
 * A record page's Delete: the section's delete dialog for this record; once the record is deleted,
 * the section's list replaces the page, so Back does not return to a record that is gone.
 * @example const deleting = useRecordDelete('companies', DeleteCompanyDialog, company); … <Button onClick={deleting.open}>Delete</Button> … {deleting.dialog}
 */
export function useRecordDelete<R>(
  section: SectionName,
  Dialog: ComponentType<{ record: R } & DeleteDialogState>,
  record: R,
): RecordDelete {
  const navigate = useNavigate();
  const [isOpen, setOpen] = useState(false);
  return {
    open: () => setOpen(true),
    dialog: (
      <Dialog
        record={record}
        open={isOpen}
        onOpenChange={setOpen}
        onDeleted={() => navigate(sectionNamed(section).path, { replace: true })}
      />
    ),
  };
}
