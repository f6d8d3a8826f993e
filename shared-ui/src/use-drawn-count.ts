// How many of a list's rows are drawn: a list's first rows arrive in passes of a few rows, each its
// own short task, instead of one commit, style and layout of the whole page at once, which blocks
// the page while it loads (Lighthouse's blocking time). Rows drawn stay drawn: later rows (a
// re-read, the next page, a sort) are drawn at once up to as many as the list has drawn, so a row
// on screen never disappears and comes back under the reader's eyes.
import { startTransition, useEffect, useState } from 'react';

/** Rows of each pass: more than a phone's screen of cards, about a screen of a table's rows. */
export const ROWS_PER_PASS = 8;

/**
 * The number of rows to draw out of `total` (may exceed it): ROWS_PER_PASS more after each pass is
 * drawn, until all are.
 * @example const drawn = useDrawnCount(rows.length); rows.slice(0, drawn).map(drawRow);
 */
export function useDrawnCount(total: number): number {
  const [drawn, setDrawn] = useState(ROWS_PER_PASS);
  useEffect(() => {
    if (drawn >= total) return;
    // A background update: the browser paints and answers input between passes.
    startTransition(() => setDrawn((count) => count + ROWS_PER_PASS));
  }, [drawn, total]);
  return drawn;
}
