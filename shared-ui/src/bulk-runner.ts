// Bulk actions of the list pages: one outcome shape, one notice rule and one selection rule for every
// section. A run never stops at the first failure; what succeeded leaves the selection, what failed
// stays selected so it can be tried again, and the section is re-read afterwards, failures or not.
import { useCallback, useRef, useState } from 'react';
import { errorMessage } from 'shared-auth';
import type { RowId } from './data-table-columns';
import { notifyError, notifySuccess } from './toaster';

/** One row a bulk run could not change, with the reason the server gave. */
export interface BulkFailure {
  id: RowId;
  message: string;
  /**
   * Trying again cannot help (e.g. someone else already decided the approval): the row leaves the
   * selection like a succeeded one.
   */
  final?: boolean;
}

/** What a bulk run did. */
export interface BulkRunOutcome {
  succeeded: RowId[];
  failed: BulkFailure[];
}

/** One bulk action as the runner performs it. */
export interface BulkAction {
  /** Which action is busy, e.g. 'activate'. */
  key: string;
  /** Past participle in the failure notice: 'N of M could not be {verb}: …' (M: the rows tried). */
  verb: string;
  /** Performs the action for the selected ids. A thrown error fails every id with its message. */
  run: (ids: RowId[]) => Promise<BulkRunOutcome>;
  /** The success notice; `total` is how many rows were selected. */
  success: (succeeded: number, outcome: BulkRunOutcome, total: number) => string;
  /** The failure notice, when the section words it its own way. */
  failure?: (outcome: BulkRunOutcome, total: number) => string;
}

/**
 * Runs `action` for every id, one after another or (`parallel`) all at once, and collects the
 * outcome instead of stopping at the first failure.
 * @example run: (ids) => bulkEach(ids, (id) => api.put(`/api/x/${id}/reactivate`), { parallel: true })
 */
export async function bulkEach(
  ids: RowId[],
  action: (id: RowId) => Promise<unknown>,
  { parallel = false }: { parallel?: boolean } = {},
): Promise<BulkRunOutcome> {
  const outcome: BulkRunOutcome = { succeeded: [], failed: [] };
  const settle = async (id: RowId) => {
    try {
      await action(id);
      return { id, ok: true as const };
    } catch (reason) {
      return { id, ok: false as const, message: errorMessage(reason) };
    }
  };
  const results: Array<Awaited<ReturnType<typeof settle>>> = [];
  if (parallel) results.push(...(await Promise.all(ids.map(settle))));
  else for (const id of ids) results.push(await settle(id));
  for (const result of results) {
    if (result.ok) outcome.succeeded.push(result.id);
    else outcome.failed.push({ id: result.id, message: result.message });
  }
  return outcome;
}

/**
 * The usual success notice: 'Company activated successfully' for one row, '3 companies activated
 * successfully' for more.
 */
export const doneNotice =
  (noun: { one: string; other: string }, verb: string) =>
  (done: number): string =>
    done === 1
      ? `${noun.one[0]!.toUpperCase()}${noun.one.slice(1)} ${verb} successfully`
      : `${done} ${noun.other} ${verb} successfully`;

/**
 * The notices of a finished run: a success notice when something succeeded (or nothing failed),
 * an error notice when something failed.
 */
export function notifyBulkOutcome(action: BulkAction, outcome: BulkRunOutcome, total: number) {
  const { succeeded, failed } = outcome;
  if (succeeded.length > 0 || failed.length === 0)
    notifySuccess(action.success(succeeded.length, outcome, total));
  if (failed.length > 0) {
    notifyError(
      action.failure
        ? action.failure(outcome, total)
        : `${failed.length} of ${succeeded.length + failed.length} could not be ${action.verb}: ${failed[0]!.message}`,
    );
  }
}

/** What useBulkRunner needs from the list. */
export interface BulkRunnerOptions {
  selected: ReadonlySet<RowId>;
  setSelected: (ids: Set<RowId>) => void;
  /** Re-reads the section after every run. */
  revalidate: () => Promise<unknown>;
}

/** What useBulkRunner answers. */
export interface BulkRunner {
  /** The key of the action running now; every bulk button is disabled while it is set. */
  busy: string | null;
  /** Runs `action` for the selected rows; answers its outcome (undefined while another run is busy). */
  run: (action: BulkAction) => Promise<BulkRunOutcome | undefined>;
}

/** Runs bulk actions over the selection, one at a time. */
export function useBulkRunner({ selected, setSelected, revalidate }: BulkRunnerOptions): BulkRunner {
  const [busy, setBusy] = useState<string | null>(null);
  // A second click before the re-render that disables the buttons must not start a second run.
  const running = useRef(false);
  const run = useCallback(
    async (action: BulkAction) => {
      if (running.current) return undefined;
      running.current = true;
      const ids = [...selected];
      setBusy(action.key);
      let outcome: BulkRunOutcome;
      try {
        outcome = await action.run(ids);
      } catch (reason) {
        const message = errorMessage(reason);
        outcome = { succeeded: [], failed: ids.map((id) => ({ id, message })) };
      }
      try {
        await revalidate();
      } catch {
        // The list shows its own error when the re-read fails; the run's outcome still stands.
      }
      running.current = false;
      setBusy(null);
      notifyBulkOutcome(action, outcome, ids.length);
      setSelected(new Set(outcome.failed.filter((failure) => !failure.final).map((failure) => failure.id)));
      return outcome;
    },
    [selected, setSelected, revalidate],
  );
  return { busy, run };
}
