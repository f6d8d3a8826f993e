// The palette's Recent: the last places a person opened from it, kept in this browser per account
// (one browser may be shared at a desk), so the next Ctrl+K starts where they work.
import { RECENT_LIMIT, withRecent, type PaletteItem } from './palette-model';

const storageKey = (userId: number) => `palette.recent.${userId}`;

/** A stored entry as the palette wrote it: text fields, and a path inside the console. */
function isItem(entry: unknown): entry is PaletteItem {
  if (typeof entry !== 'object' || entry === null) return false;
  const { value, label, detail, to } = entry as Record<string, unknown>;
  return (
    typeof value === 'string' &&
    typeof label === 'string' &&
    typeof detail === 'string' &&
    typeof to === 'string' &&
    to.startsWith('/') &&
    !to.startsWith('//')
  );
}

/** The account's recent places, newest first; none when nothing (valid) is stored. */
export function readRecent(userId: number | undefined): PaletteItem[] {
  if (userId === undefined) return [];
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(storageKey(userId)) ?? '[]');
    return Array.isArray(stored) && stored.every(isItem) ? stored.slice(0, RECENT_LIMIT) : [];
  } catch {
    return [];
  }
}

/** Puts `item` first in the account's recent places (a full or blocked storage keeps the old list). */
export function rememberRecent(userId: number | undefined, item: PaletteItem): void {
  if (userId === undefined) return;
  const recent = withRecent(readRecent(userId), { ...item, value: `recent-${item.to}` });
  try {
    localStorage.setItem(storageKey(userId), JSON.stringify(recent));
  } catch {
    // Private mode or a full storage: the palette works without Recent.
  }
}
