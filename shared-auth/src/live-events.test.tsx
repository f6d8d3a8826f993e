import { act, cleanup, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { emitLiveEvent, type LiveEvent } from './live-bus';
import { useLiveEvents, useLiveRecord } from './live-events';
import { LIVE_REVALIDATE_JITTER_MS } from './live-policy';
import { liveChange } from './testing/live-change';

const change = (entity: string, id: string) => liveChange(entity, id);

function Probe({ onEvent }: { onEvent: (event: LiveEvent) => void }) {
  useLiveEvents(['approval'], onEvent);
  return null;
}

function RecordProbe({ id, revalidate }: { id: number | null; revalidate: (id: number) => void }) {
  useLiveRecord('company', id, revalidate);
  return null;
}

// The jitter's draw is 0 here (answers at once) unless a test says otherwise.
beforeEach(() => {
  vi.useFakeTimers();
  vi.spyOn(Math, 'random').mockReturnValue(0);
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('useLiveEvents', () => {
  it('waits a random part of the jitter before answering, so open consoles do not ask at once', () => {
    vi.spyOn(Math, 'random').mockReturnValue(0.5);
    const onEvent = vi.fn();
    render(<Probe onEvent={onEvent} />);
    act(() => emitLiveEvent(change('approval', 'a')));
    act(() => vi.advanceTimersByTime(LIVE_REVALIDATE_JITTER_MS / 2 - 1));
    expect(onEvent).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(onEvent).toHaveBeenCalledTimes(1);
  });

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

describe('useLiveRecord', () => {
  it("re-reads its record on the record's own change or a resync, never for another record", () => {
    const revalidate = vi.fn();
    render(<RecordProbe id={7} revalidate={revalidate} />);
    act(() => {
      emitLiveEvent(change('company', '8'));
      emitLiveEvent(change('approval', '7'));
    });
    act(() => vi.advanceTimersByTime(2000));
    expect(revalidate).not.toHaveBeenCalled();

    act(() => emitLiveEvent(change('company', '7')));
    act(() => vi.advanceTimersByTime(0));
    expect(revalidate).toHaveBeenCalledTimes(1);
    expect(revalidate).toHaveBeenLastCalledWith(7);

    act(() => vi.advanceTimersByTime(2000));
    act(() => emitLiveEvent({ type: 'resync' }));
    act(() => vi.advanceTimersByTime(0));
    expect(revalidate).toHaveBeenCalledTimes(2);
  });

  it("keeps its record's change when changes of other records follow it within the interval", () => {
    const revalidate = vi.fn();
    render(<RecordProbe id={7} revalidate={revalidate} />);
    act(() => emitLiveEvent(change('company', '7')));
    act(() => vi.advanceTimersByTime(0));
    act(() => {
      emitLiveEvent(change('company', '7'));
      emitLiveEvent(change('company', '8'));
    });
    act(() => vi.advanceTimersByTime(1100));
    expect(revalidate).toHaveBeenCalledTimes(2);
  });

  it('does nothing without an id', () => {
    const revalidate = vi.fn();
    render(<RecordProbe id={null} revalidate={revalidate} />);
    act(() => {
      emitLiveEvent(change('company', '7'));
      emitLiveEvent({ type: 'resync' });
    });
    act(() => vi.advanceTimersByTime(2000));
    expect(revalidate).not.toHaveBeenCalled();
  });
});
