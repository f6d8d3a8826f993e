// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { useInboxSelection } from './use-inbox-selection';

function setup(initialIds: string[], url = '/approvals/inbox', chooseFirst = true) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <MemoryRouter initialEntries={[url]}>{children}</MemoryRouter>
  );
  return renderHook(
    ({ ids }) => ({ selection: useInboxSelection(ids, chooseFirst, 'waiting'), location: useLocation() }),
    { wrapper, initialProps: { ids: initialIds } },
  );
}

describe('useInboxSelection', () => {
  it('shows the first approval of the queue until one is chosen, and none on a phone', () => {
    expect(setup(['a', 'b']).result.current.selection.shownId).toBe('a');
    expect(setup(['a', 'b'], '/approvals/inbox?selected=b').result.current.selection.shownId).toBe('b');
    expect(setup(['a', 'b'], '/approvals/inbox', false).result.current.selection.shownId).toBeNull();
  });

  it('moves with j / k through the queue, keeping the choice in the URL', () => {
    const { result } = setup(['a', 'b', 'c']);
    act(() => result.current.selection.move(1));
    expect(result.current.selection.shownId).toBe('b');
    expect(result.current.location.search).toBe('?selected=b');
    expect(result.current.selection.hrefFor('c')).toBe('/approvals/inbox?selected=c');
    expect(result.current.selection.hrefFor(null)).toBe('/approvals/inbox');
  });

  it('selects the next of the queue as it was shown, though the decision re-read it first', () => {
    const { result, rerender } = setup(['a', 'b', 'c'], '/approvals/inbox?selected=b');
    // The decision's re-read drops 'b' from Waiting for me before the decision returns.
    rerender({ ids: ['a', 'c'] });
    expect(result.current.selection.shownId).toBe('b');
    act(() => result.current.selection.afterDecision('b'));
    expect(result.current.selection.shownId).toBe('c');
  });

  it('keeps the first approval shown while the queue is re-read under it, then moves on', () => {
    const { result, rerender } = setup(['a', 'b', 'c']);
    expect(result.current.selection.shownId).toBe('a');
    rerender({ ids: ['b', 'c'] });
    expect(result.current.selection.shownId).toBe('a');
    act(() => result.current.selection.afterDecision('a'));
    expect(result.current.selection.shownId).toBe('b');
  });

  it('shows nothing once the last approval is decided (the empty queue says so)', () => {
    const { result, rerender } = setup(['a'], '/approvals/inbox?selected=a');
    rerender({ ids: [] });
    act(() => result.current.selection.afterDecision('a'));
    expect(result.current.selection.shownId).toBeNull();
    expect(result.current.location.search).toBe('');
  });
});
