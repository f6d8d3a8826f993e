import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as toaster from './toaster';
import { notifyFailure } from './notify-failure';
import { useActivation, useRowAction } from './use-row-action';

afterEach(() => vi.restoreAllMocks());

function spies() {
  return {
    success: vi.spyOn(toaster, 'notifySuccess').mockImplementation(() => ''),
    failure: vi.spyOn(toaster, 'notifyError').mockImplementation(() => ''),
  };
}

describe('useRowAction', () => {
  it('is busy while the call is in flight, then says so and reloads', async () => {
    const { success, failure } = spies();
    const reload = vi.fn();
    let finish!: (value: number) => void;
    const { result } = renderHook(() => useRowAction({ reload }));
    let outcome!: Promise<boolean>;
    act(() => {
      outcome = result.current.run(() => new Promise<number>((resolve) => (finish = resolve)), 'Done');
    });
    expect(result.current.busy).toBe(true);
    expect(reload).not.toHaveBeenCalled();
    await act(async () => finish(3));
    await expect(outcome).resolves.toBe(true);
    expect(result.current.busy).toBe(false);
    expect(success).toHaveBeenCalledWith('Done');
    expect(failure).not.toHaveBeenCalled();
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it("makes the success notice from the call's answer and calls onDone with it before the reload", async () => {
    const { success } = spies();
    const order: string[] = [];
    const { result } = renderHook(() => useRowAction({ reload: () => order.push('reload') }));
    await act(() =>
      result.current.run(
        async () => 2,
        (n) => `${n} sessions ended`,
        {
          onDone: (n) => order.push(`done ${n}`),
        },
      ),
    );
    expect(success).toHaveBeenCalledWith('2 sessions ended');
    expect(order).toEqual(['done 2', 'reload']);
  });

  it("shows the failure's own message, neither reloads nor calls onDone, and resolves false", async () => {
    const { success, failure } = spies();
    const reload = vi.fn();
    const onDone = vi.fn();
    const { result } = renderHook(() => useRowAction({ reload }));
    let ok: boolean | undefined;
    await act(async () => {
      ok = await result.current.run(() => Promise.reject(new Error('Company has payments')), 'Done', {
        onDone,
      });
    });
    expect(ok).toBe(false);
    expect(failure).toHaveBeenCalledWith('Company has payments');
    expect(success).not.toHaveBeenCalled();
    expect(reload).not.toHaveBeenCalled();
    expect(onDone).not.toHaveBeenCalled();
    expect(result.current.busy).toBe(false);
  });

  it('falls back to the given text for an error without a message, and rethrows when asked', async () => {
    const { failure } = spies();
    const { result } = renderHook(() => useRowAction());
    const thrown = new Error('');
    await act(async () => {
      await expect(
        result.current.run(() => Promise.reject(thrown), 'Done', {
          failure: 'Could not save',
          rethrow: true,
        }),
      ).rejects.toBe(thrown);
    });
    expect(failure).toHaveBeenCalledWith('Could not save');
  });
});

describe('useActivation', () => {
  it('deactivates an active record with its notice', async () => {
    const { success } = spies();
    const setActive = vi.fn().mockResolvedValue(undefined);
    const { result } = renderHook(() => useActivation('Company', true, setActive));
    expect(result.current.label).toBe('Deactivate');
    await act(() => result.current.toggle());
    expect(setActive).toHaveBeenCalledWith(false);
    expect(success).toHaveBeenCalledWith('Company deactivated successfully');
  });

  it('activates an inactive one, busy meanwhile', async () => {
    const { success } = spies();
    let finish!: () => void;
    const setActive = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    const { result } = renderHook(() => useActivation('User', false, setActive));
    expect(result.current.label).toBe('Activate');
    act(() => void result.current.toggle());
    expect(result.current.busy).toBe(true);
    await act(async () => finish());
    await waitFor(() => expect(result.current.busy).toBe(false));
    expect(setActive).toHaveBeenCalledWith(true);
    expect(success).toHaveBeenCalledWith('User activated successfully');
  });
});

describe('notifyFailure', () => {
  it("says the error's message, else the fallback, else the console's generic text", () => {
    const { failure } = spies();
    notifyFailure(new Error('Network down'), 'Could not load');
    notifyFailure('not an error', 'Could not load');
    notifyFailure(undefined);
    expect(failure.mock.calls.map(([message]) => message)).toEqual([
      'Network down',
      'Could not load',
      expect.any(String),
    ]);
    expect(failure.mock.calls[2]![0]).not.toBe('');
  });
});
