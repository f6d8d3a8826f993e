import { useCallback, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { INBOX_PATH } from './inbox-query';
import { defaultSelection, moveSelection, nextSelection } from './next-selection';

/** The URL parameter of the approval shown: reload and Back show it again. */
export const SELECTED_PARAM = 'selected';

/** What useInboxSelection answers. */
export interface InboxSelection {
  /** The approval chosen in the URL, if any (on a phone, the approval screen is shown only then). */
  chosenId: string | null;
  /** The approval the pane shows: the chosen one, else (unless `chooseFirst` is off) the queue's first. */
  shownId: string | null;
  /** The address that selects `id` (null: back to the queue), keeping the tab and the page. */
  hrefFor: (id: string | null) => string;
  /** j / k: the next or previous approval of the queue, replacing the history entry. */
  move: (delta: number) => void;
  /** After a decision on `decidedId`: the next approval of the queue as it was shown, or none. */
  afterDecision: (decidedId: string) => void;
}

/**
 * The inbox's selection, kept in the URL (?selected=<id>). `ids` are the queue's approvals in order;
 * `chooseFirst` shows its first when none is chosen (the split view; a phone shows the queue instead);
 * `view` names the tab, whose change starts again from the first.
 * @example const selection = useInboxSelection(list.rows.map((row) => row.id), !phone, tab);
 */
export function useInboxSelection(
  ids: readonly string[],
  chooseFirst: boolean,
  view: string,
): InboxSelection {
  const [params, setParams] = useSearchParams();
  const chosenId = params.get(SELECTED_PARAM) || null;
  // Decided here: a re-read of All may still list them, the default selection skips them.
  const [done, setDone] = useState<ReadonlySet<string>>(() => new Set());
  // The first approval, once shown without being chosen, stays shown while the queue is re-read
  // under it (the decision being made on it, or someone else's), until a decision moves on.
  const [kept, setKept] = useState<{ view: string; id: string } | null>(null);
  const keptId = kept && kept.view === view && !done.has(kept.id) ? kept.id : null;
  const shownId = chosenId ?? (chooseFirst ? (keptId ?? defaultSelection(ids, done)) : null);
  useEffect(() => {
    if (chosenId === null && shownId !== null && shownId !== keptId) setKept({ view, id: shownId });
  }, [chosenId, shownId, keptId, view]);

  // The queue as it stood while the approval shown was in it: a decision re-reads the queue (and
  // drops the decided approval from Waiting for me) before it returns, and the next one is the
  // one after it in the queue the person was looking at.
  const order = useRef<readonly string[]>(ids);
  useEffect(() => {
    if (shownId === null || ids.includes(shownId)) order.current = ids;
  }, [ids, shownId]);

  const hrefFor = useCallback(
    (id: string | null) => {
      const next = new URLSearchParams(params);
      if (id === null) next.delete(SELECTED_PARAM);
      else next.set(SELECTED_PARAM, id);
      const query = next.toString();
      return query ? `${INBOX_PATH}?${query}` : INBOX_PATH;
    },
    [params],
  );

  const select = useCallback(
    (id: string | null) =>
      setParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          if (id === null) next.delete(SELECTED_PARAM);
          else next.set(SELECTED_PARAM, id);
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );

  return {
    chosenId,
    shownId,
    hrefFor,
    move: (delta) => {
      const next = moveSelection(ids, shownId, delta);
      if (next !== null && next !== shownId) select(next);
    },
    afterDecision: (decidedId) => {
      const decided = new Set(done).add(decidedId);
      setDone(decided);
      select(nextSelection(order.current, decidedId, decided));
    },
  };
}
