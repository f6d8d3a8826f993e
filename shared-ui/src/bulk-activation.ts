// Bulk Activate / Deactivate of a list page (companies, users): the two buttons, each running the
// section's call over the selection with the usual notices ('3 companies activated successfully').
import type { RowId } from './data-table-columns';
import { doneNotice, type BulkAction, type BulkRunner, type BulkRunOutcome } from './bulk-runner';
import { activationButtons, type BulkButton } from './list-view';

/** How a section words its bulk activation beyond the usual. */
export interface BulkActivationOptions {
  /** The failure notice's verb ('N of M could not be {verb}'); 'activated' or 'deactivated' by default. */
  failedVerb?: string;
  /** The failure notice, when the section words it its own way. */
  failure?: (verb: 'activated' | 'deactivated') => BulkAction['failure'];
}

/** The bulk action that activates (or deactivates) the selected rows. */
export function activationAction(
  noun: { one: string; other: string },
  active: boolean,
  setActive: (ids: RowId[], active: boolean) => Promise<BulkRunOutcome>,
  { failedVerb, failure }: BulkActivationOptions = {},
): BulkAction {
  const verb = active ? 'activated' : 'deactivated';
  return {
    key: verb,
    verb: failedVerb ?? verb,
    run: (ids) => setActive(ids, active),
    success: doneNotice(noun, verb),
    ...(failure ? { failure: failure(verb) } : {}),
  };
}

/**
 * @example bulkActions={bulkActivation(list.bulk, NOUN, setCompaniesActive)}
 */
export function bulkActivation(
  bulk: Pick<BulkRunner, 'run'>,
  noun: { one: string; other: string },
  setActive: (ids: RowId[], active: boolean) => Promise<BulkRunOutcome>,
  options?: BulkActivationOptions,
): BulkButton[] {
  return activationButtons((active) => void bulk.run(activationAction(noun, active, setActive, options)));
}
