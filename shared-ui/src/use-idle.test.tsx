import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useIdle } from './use-idle';

describe('useIdle', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('waits for ready, then for the idle callback, and stays true', () => {
    const callbacks: IdleRequestCallback[] = [];
    vi.stubGlobal(
      'requestIdleCallback',
      vi.fn((callback: IdleRequestCallback) => callbacks.push(callback)),
    );
    vi.stubGlobal('cancelIdleCallback', vi.fn());
    const { result, rerender } = renderHook(({ ready }) => useIdle(ready), { initialProps: { ready: false } });
    expect(result.current).toBe(false);
    expect(callbacks).toHaveLength(0);
    rerender({ ready: true });
    expect(result.current).toBe(false);
    expect(callbacks).toHaveLength(1);
    act(() => callbacks[0]!({ didTimeout: false, timeRemaining: () => 10 }));
    expect(result.current).toBe(true);
    rerender({ ready: false });
    expect(result.current).toBe(true);
  });

  it('cancels the idle callback when unmounted before it ran', () => {
    const cancel = vi.fn();
    vi.stubGlobal('requestIdleCallback', vi.fn(() => 7));
    vi.stubGlobal('cancelIdleCallback', cancel);
    const { unmount } = renderHook(() => useIdle(true));
    unmount();
    expect(cancel).toHaveBeenCalledWith(7);
  });

  it('falls back to the next task without requestIdleCallback', () => {
    vi.useFakeTimers();
    vi.stubGlobal('requestIdleCallback', undefined);
    const { result } = renderHook(() => useIdle(true));
    expect(result.current).toBe(false);
    act(() => vi.runAllTimers());
    expect(result.current).toBe(true);
  });
});
