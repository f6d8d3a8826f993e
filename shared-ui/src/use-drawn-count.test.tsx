import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ROWS_PER_PASS, useDrawnCount } from './use-drawn-count';

/** Every value the hook answered, render after render. */
function drawnOver(total: number) {
  const seen: number[] = [];
  const hook = renderHook(
    ({ count }) => {
      const drawn = useDrawnCount(count);
      seen.push(drawn);
      return drawn;
    },
    { initialProps: { count: total } },
  );
  return { seen, hook };
}

describe('useDrawnCount', () => {
  it('draws a first page of rows in passes of ROWS_PER_PASS, then all of them', () => {
    const { seen, hook } = drawnOver(20);
    expect(ROWS_PER_PASS).toBeLessThan(20);
    expect(seen[0]).toBe(ROWS_PER_PASS);
    expect([...new Set(seen)]).toEqual([ROWS_PER_PASS, 2 * ROWS_PER_PASS, 3 * ROWS_PER_PASS]);
    expect(hook.result.current).toBeGreaterThanOrEqual(20);
  });

  it('draws rows at once that are no more than a list has drawn before: none goes and comes back', () => {
    const { seen, hook } = drawnOver(20);
    const passes = seen.length;
    // A re-read or the next page of the same size.
    hook.rerender({ count: 19 });
    hook.rerender({ count: 20 });
    expect(seen.slice(passes).every((drawn) => drawn >= 20)).toBe(true);
  });

  it('draws a short list in one pass', () => {
    const { seen } = drawnOver(5);
    expect([...new Set(seen)]).toEqual([ROWS_PER_PASS]);
  });
});
