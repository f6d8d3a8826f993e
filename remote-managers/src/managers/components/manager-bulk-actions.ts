// The managers list's bulk actions: unlink the linked users, delete. A bulk run goes on past failures.
import { MANAGER_NOTICES, type Manager } from 'shared-contracts';
import type { BulkAction, BulkRunOutcome } from 'shared-ui/table';
import { deleteManagers, unlinkManagers } from '../api/mutations';

export const plural = (count: number) => (count === 1 ? 'manager' : 'managers');

/** One notice for what was done: one row gets the single action's notice; managers without a user are counted. */
const doneNotice =
  (verb: 'unlinked' | 'deleted') =>
  (done: number, { failed }: BulkRunOutcome, total: number) => {
    const skipped = total - done - failed.length;
    const single = verb === 'deleted' ? MANAGER_NOTICES.deleted : MANAGER_NOTICES.unlinked;
    const parts = [
      done === 1 && failed.length === 0 && skipped === 0 ? single : `${done} ${plural(done)} ${verb}`,
    ];
    if (skipped > 0) parts.push(`${skipped} ${skipped === 1 ? 'was' : 'were'} not linked`);
    return parts.join('; ');
  };

/** Unlink Users: managers on screen without a linked user are left out of the calls. */
export const unlinkAction = (rows: Manager[]): BulkAction => ({
  key: 'unlinked',
  verb: 'unlinked',
  run: (ids) => unlinkManagers(ids.filter((id) => rows.some((row) => row.id === id && row.userId !== null))),
  success: doneNotice('unlinked'),
});

/** Delete (after the confirmation). */
export const deleteAction: BulkAction = {
  key: 'deleted',
  verb: 'deleted',
  run: deleteManagers,
  success: doneNotice('deleted'),
};
