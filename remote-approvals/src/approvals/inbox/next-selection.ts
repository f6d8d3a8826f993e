// Which approval the inbox shows: the one chosen in the URL, else the first of the queue; after a
// decision the next one in the queue as it stood when the decision was made.

/**
 * The approval to select after `decidedId` was decided: the first after it in `order` (the queue as
 * it was shown) that is not decided yet, else the nearest before it, else null (the queue is done).
 * `done` holds the approvals decided here meanwhile, which a re-read may still list.
 * @example nextSelection(['a', 'b', 'c'], 'b', new Set()) // 'c'
 */
export function nextSelection(
  order: readonly string[],
  decidedId: string,
  done: ReadonlySet<string> = new Set(),
): string | null {
  const open = (id: string) => id !== decidedId && !done.has(id);
  const index = order.indexOf(decidedId);
  if (index < 0) return order.find(open) ?? null;
  const after = order.slice(index + 1).find(open);
  if (after !== undefined) return after;
  return order.slice(0, index).reverse().find(open) ?? null;
}

/** The approval shown when none is chosen: the first of the queue not decided here, or null. */
export function defaultSelection(order: readonly string[], done: ReadonlySet<string> = new Set()) {
  return order.find((id) => !done.has(id)) ?? null;
}

/**
 * The selection moved by `delta` (j / k) through `order`, stopping at the ends; from no selection
 * (or one not in the queue) the first move picks the first approval, or the last going up.
 */
export function moveSelection(order: readonly string[], current: string | null, delta: number) {
  if (order.length === 0) return null;
  const index = current === null ? -1 : order.indexOf(current);
  if (index < 0) return delta > 0 ? order[0]! : order[order.length - 1]!;
  return order[Math.min(order.length - 1, Math.max(0, index + delta))]!;
}
