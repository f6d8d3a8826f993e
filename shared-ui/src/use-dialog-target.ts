// A page's dialog about one record (delete this company, link a user to this manager): which record
// it is open for, if any. The row menu opens it for its row; closing it forgets the record.
import { useCallback, useMemo, useState } from 'react';

/** What useDialogTarget gives a page. */
export interface DialogTarget<T> {
  /** The record the dialog is open for, or null while it is closed. */
  target: T | null;
  openFor: (target: T) => void;
  close: () => void;
  /** For the dialog's onOpenChange: closing forgets the record. */
  onOpenChange: (open: boolean) => void;
}

/**
 * @example const deleting = useDialogTarget<Company>(); … onDelete={deleting.openFor} … {deleting.target && <DeleteCompanyDialog company={deleting.target} open onOpenChange={deleting.onOpenChange} />}
 */
export function useDialogTarget<T>(): DialogTarget<T> {
  const [target, setTarget] = useState<T | null>(null);
  const openFor = useCallback((next: T) => setTarget(() => next), []);
  const close = useCallback(() => setTarget(null), []);
  return useMemo(
    () => ({ target, openFor, close, onOpenChange: (open: boolean) => !open && close() }),
    [target, openFor, close],
  );
}
