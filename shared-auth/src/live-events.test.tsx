import { act, cleanup, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { emitLiveEvent, type LiveEvent } from './live-bus';
import { useLiveEvents } from './live-events';

const change = (entity: string, id: string): LiveEvent => ({
  type: 'change',
  kind: `${entity}.update`,
  entity,
  id,
  status: null,
  version: null,
  actorId: 1,
  at: new Date(0).toISOString(),
});

function Probe({ onEvent }: { onEvent: (event: LiveEvent) => void }) {
  useLiveEvents(['approval'], onEvent);
  return null;
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('useLiveEvents', () => {
  it('calls for its entities and a resync only, at most once a second, with the latest event', () => {
    const onEvent = vi.fn();
    render(<Probe onEvent={onEvent} />);
    act(() => emitLiveEvent(change('company', '1')));
    act(() => vi.advanceTimersByTime(10));
    expect(onEvent).not.toHaveBeenCalled();

    act(() => emitLiveEvent(change('approval', 'a')));
    act(() => vi.advanceTimersByTime(0));
    expect(onEvent).toHaveBeenCalledTimes(1);

    act(() => {
      emitLiveEvent(change('approval', 'b'));
      emitLiveEvent(change('approval', 'c'));
    });
    act(() => vi.advanceTimersByTime(500));
    expect(onEvent).toHaveBeenCalledTimes(1);
    act(() => vi.advanceTimersByTime(600));
    expect(onEvent).toHaveBeenCalledTimes(2);
    expect(onEvent).toHaveBeenLastCalledWith(expect.objectContaining({ id: 'c' }));

    act(() => vi.advanceTimersByTime(2000));
    act(() => emitLiveEvent({ type: 'resync' }));
    act(() => vi.advanceTimersByTime(0));
    expect(onEvent).toHaveBeenCalledTimes(3);
  });

  it('stops when the component leaves', () => {
    const onEvent = vi.fn();
    const { unmount } = render(<Probe onEvent={onEvent} />);
    unmount();
    act(() => emitLiveEvent(change('approval', 'a')));
    act(() => vi.advanceTimersByTime(2000));
    expect(onEvent).not.toHaveBeenCalled();
  });
});
