// The one way a page runs an action from a row menu, a header button or a card: busy while the call
// is in flight, the success notice or the failure's, then the page's reload. Each page used to keep
// its own copy of this try/catch.
import { useCallback, useState } from 'react';
import { notifyFailure } from './notify-failure';
import { notifySuccess } from './toaster';

/** What runs after every success, e.g. revalidating the record or the list the action changed. */
export interface RowActionOptions {
  reload?: () => unknown;
}

/** How one run reports itself. */
export interface RunOptions<T> {
  /** The failure notice when the error carries no message of its own. */
  failure?: string;
  /** After the success notice and before the reload, e.g. close a dialog or leave a deleted record. */
  onDone?: (result: T) => void;
  /** Throws the failure on after its notice, for a caller that must know (an inline editor stays open). */
  rethrow?: boolean;
}

/** The success notice: fixed, or made from the call's answer (e.g. how many sessions ended). */
export type SuccessNotice<T> = string | ((result: T) => string);

/** What useRowAction gives a page. */
export interface RowActionRunner {
  /** True while a call is in flight. */
  busy: boolean;
  /** Runs `action`; resolves true when it succeeded, false when it failed (the notice is shown). */
  run: <T>(action: () => Promise<T>, success: SuccessNotice<T>, options?: RunOptions<T>) => Promise<boolean>;
}

/**
 * @example const { busy, run } = useRowAction({ reload: mutate }); … onSelect: () => void run(() => unlinkUser(id), MANAGER_NOTICES.unlinked)
 */
export function useRowAction({ reload }: RowActionOptions = {}): RowActionRunner {
  const [inFlight, setInFlight] = useState(0);
  const run = useCallback(
    async <T>(action: () => Promise<T>, success: SuccessNotice<T>, options: RunOptions<T> = {}) => {
      setInFlight((n) => n + 1);
      let result: T;
      try {
        result = await action();
      } catch (error) {
        notifyFailure(error, options.failure);
        if (options.rethrow) throw error;
        return false;
      } finally {
        setInFlight((n) => n - 1);
      }
      notifySuccess(typeof success === 'function' ? success(result) : success);
      options.onDone?.(result);
      await reload?.();
      return true;
    },
    [reload],
  );
  return { busy: inFlight > 0, run };
}

/** What useActivation gives a page: the button's or the menu item's label and what it does. */
export interface Activation {
  label: 'Activate' | 'Deactivate';
  busy: boolean;
  toggle: () => Promise<boolean>;
}

/**
 * Activate or Deactivate one record, with its notice ('Company deactivated successfully').
 * @example const activation = useActivation('Company', company.status === 'ACTIVE', (active) => setCompanyActive(company.id, active));
 */
export function useActivation(
  noun: string,
  active: boolean,
  setActive: (active: boolean) => Promise<unknown>,
  options?: RowActionOptions,
): Activation {
  const { busy, run } = useRowAction(options);
  return {
    label: active ? 'Deactivate' : 'Activate',
    busy,
    toggle: () =>
      run(() => setActive(!active), `${noun} ${active ? 'deactivated' : 'activated'} successfully`),
  };
}
