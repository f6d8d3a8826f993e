import { describe, expect, it } from 'vitest';
import { defaultSelection, moveSelection, nextSelection } from './next-selection';

describe('nextSelection', () => {
  const queue = ['a', 'b', 'c', 'd'];

  it('selects the approval after the decided one', () => {
    expect(nextSelection(queue, 'b')).toBe('c');
    expect(nextSelection(queue, 'a')).toBe('b');
  });

  it('goes back to the one before when the last was decided, and to none when it was the only one', () => {
    expect(nextSelection(queue, 'd')).toBe('c');
    expect(nextSelection(['a'], 'a')).toBeNull();
    expect(nextSelection([], 'a')).toBeNull();
  });

  it('skips the approvals already decided here that the queue still lists', () => {
    expect(nextSelection(queue, 'b', new Set(['c']))).toBe('d');
    expect(nextSelection(queue, 'd', new Set(['c', 'b']))).toBe('a');
    expect(nextSelection(queue, 'b', new Set(['a', 'c', 'd']))).toBeNull();
  });

  it('takes the first open approval when the decided one is not in the queue shown', () => {
    expect(nextSelection(queue, 'x', new Set(['a']))).toBe('b');
  });
});

describe('defaultSelection', () => {
  it('is the first approval not decided here, or none', () => {
    expect(defaultSelection(['a', 'b'])).toBe('a');
    expect(defaultSelection(['a', 'b'], new Set(['a']))).toBe('b');
    expect(defaultSelection(['a'], new Set(['a']))).toBeNull();
  });
});

describe('moveSelection', () => {
  const queue = ['a', 'b', 'c'];

  it('moves one approval down or up and stops at the ends', () => {
    expect(moveSelection(queue, 'a', 1)).toBe('b');
    expect(moveSelection(queue, 'b', -1)).toBe('a');
    expect(moveSelection(queue, 'c', 1)).toBe('c');
    expect(moveSelection(queue, 'a', -1)).toBe('a');
  });

  it('starts from the first (down) or the last (up) when nothing in the queue is selected', () => {
    expect(moveSelection(queue, null, 1)).toBe('a');
    expect(moveSelection(queue, 'gone', -1)).toBe('c');
    expect(moveSelection([], 'a', 1)).toBeNull();
  });
});
