import { act, renderHook } from '@testing-library/react';
import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { bulkEach, useBulkRunner, type BulkAction, type BulkRunOutcome } from './bulk-runner';
import type { RowId } from './data-table-columns';

const notices = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('./toaster', () => ({ notifySuccess: notices.success, notifyError: notices.error }));

function setup(initial: RowId[]) {
  const revalidate = vi.fn(async () => undefined);
  const hook = renderHook(() => {
    const [selected, setSelected] = useState<Set<RowId>>(() => new Set(initial));
    return { selected, runner: useBulkRunner({ selected, setSelected, revalidate }) };
  });
  return { ...hook, revalidate };
}

const activate = (run: BulkAction['run']): BulkAction => ({
  key: 'activate',
  verb: 'activated',
  run,
  success: (count) => (count === 1 ? 'User activated successfully' : `${count} users activated successfully`),
});

describe('useBulkRunner', () => {
  beforeEach(() => {
    notices.success.mockClear();
    notices.error.mockClear();
  });

  it('on a partial failure deselects what succeeded, keeps what failed and tells both', async () => {
    const { result, revalidate } = setup([1, 2, 3]);
    let outcome: BulkRunOutcome | undefined;
    await act(async () => {
      outcome = await result.current.runner.run(
        activate((ids) =>
          bulkEach(ids, async (id) => {
            if (id === 2) throw new Error('User not found');
          }),
        ),
      );
    });
    expect(outcome).toEqual({ succeeded: [1, 3], failed: [{ id: 2, message: 'User not found' }] });
    expect([...result.current.selected]).toEqual([2]);
    expect(notices.success).toHaveBeenCalledWith('2 users activated successfully');
    expect(notices.error).toHaveBeenCalledWith('1 of 3 could not be activated: User not found');
    expect(revalidate).toHaveBeenCalledTimes(1);
    expect(result.current.runner.busy).toBeNull();
  });

  it('re-reads and keeps every row selected when the whole run fails', async () => {
    const { result, revalidate } = setup([4, 5]);
    await act(async () => {
      await result.current.runner.run(activate(() => Promise.reject(new Error('Network down'))));
    });
    expect([...result.current.selected]).toEqual([4, 5]);
    expect(notices.success).not.toHaveBeenCalled();
    expect(notices.error).toHaveBeenCalledWith('2 of 2 could not be activated: Network down');
    expect(revalidate).toHaveBeenCalledTimes(1);
  });

  it('uses the section’s own failure notice and deselects failures retrying cannot fix', async () => {
    const { result } = setup(['a', 'b', 'c']);
    await act(async () => {
      await result.current.runner.run({
        ...activate(async () => ({
          succeeded: [],
          failed: [
            { id: 'a', message: 'Already approved', final: true },
            { id: 'b', message: 'Forbidden' },
            { id: 'c', message: 'Forbidden' },
          ],
        })),
        failure: (outcome, total) => `${outcome.failed.length} of ${total} failed`,
      });
    });
    expect(notices.success).not.toHaveBeenCalled();
    expect(notices.error).toHaveBeenCalledWith('3 of 3 failed');
    expect([...result.current.selected]).toEqual(['b', 'c']);
  });

  it('is busy with one run at a time', async () => {
    const { result } = setup([1]);
    let finish!: (outcome: BulkRunOutcome) => void;
    let first!: Promise<unknown>;
    act(() => {
      first = result.current.runner.run(activate(() => new Promise((resolve) => (finish = resolve))));
    });
    expect(result.current.runner.busy).toBe('activate');
    let second: BulkRunOutcome | undefined;
    await act(async () => {
      second = await result.current.runner.run(activate(async () => ({ succeeded: [1], failed: [] })));
    });
    expect(second).toBeUndefined();
    await act(async () => {
      finish({ succeeded: [1], failed: [] });
      await first;
    });
    expect(result.current.runner.busy).toBeNull();
    expect(notices.success).toHaveBeenCalledTimes(1);
    expect(notices.success).toHaveBeenCalledWith('User activated successfully');
    expect(result.current.selected.size).toBe(0);
  });
});

describe('bulkEach', () => {
  it('goes on past failures, in order one at a time or all at once', async () => {
    for (const parallel of [false, true]) {
      const calls: RowId[] = [];
      const outcome = await bulkEach(
        [1, 2, 3],
        async (id) => {
          calls.push(id);
          if (id !== 2) throw new Error(`No ${id}`);
        },
        { parallel },
      );
      expect(calls).toEqual([1, 2, 3]);
      expect(outcome).toEqual({
        succeeded: [2],
        failed: [
          { id: 1, message: 'No 1' },
          { id: 3, message: 'No 3' },
        ],
      });
    }
  });
});
