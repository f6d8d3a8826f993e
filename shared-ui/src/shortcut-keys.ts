// The shortcuts every signed-in page has (g, then a section's letter) and the shapes the help dialog
// lists. Plain data beside the binding code, so the host layout's lazy chunk stays a few hundred bytes.
import { SECTIONS } from 'shared-contracts';
import { bindShortcuts } from './use-shortcuts';

/** One line of the shortcuts help: its key bindings (alternatives, tinykeys syntax) and what it does. */
export interface ShortcutInfo {
  keys: string[];
  label: string;
}

/** A titled group of the shortcuts help, e.g. 'Approvals list' or 'Go to'. */
export interface ShortcutGroup {
  title: string;
  shortcuts: ShortcutInfo[];
}

/** '?' is Shift+/ on most layouts (tinykeys wants the modifier named) and a key of its own on a few. */
export const HELP_KEYS = ['Shift+?', '?'];

/** The help line of the '?' key. */
export const HELP_SHORTCUT: ShortcutInfo = { keys: ['?'], label: 'Show keyboard shortcuts' };

/** Each section's letter after 'g'; a new section must be given one (the type insists). */
const SECTION_LETTERS: Record<(typeof SECTIONS)[number]['name'], string> = {
  companies: 'c',
  users: 'u',
  managers: 'm',
  approvals: 'a',
};

/** 'g d' → /dashboard, 'g c' → /companies, … in the sidebar's order. */
export const GO_TO_SHORTCUTS: ReadonlyArray<{ keys: string; path: string; label: string }> = [
  { keys: 'g d', path: '/dashboard', label: 'Go to Dashboard' },
  ...SECTIONS.map((section) => ({
    keys: `g ${SECTION_LETTERS[section.name]}`,
    path: section.path,
    label: `Go to ${section.label}`,
  })),
];

/** The 'Go to' group of the shortcuts help. */
export const GO_TO_GROUP: ShortcutGroup = {
  title: 'Go to',
  shortcuts: GO_TO_SHORTCUTS.map(({ keys, label }) => ({ keys: [keys], label })),
};

/**
 * Binds the 'g, then a letter' sequences on `window` (the signed-in layout does, never the sign-in
 * page); returns the function that unbinds them.
 * @example useEffect(() => bindGoToShortcuts(navigate), [navigate]);
 */
export function bindGoToShortcuts(navigate: (path: string) => void): () => void {
  return bindShortcuts(
    window,
    Object.fromEntries(GO_TO_SHORTCUTS.map(({ keys, path }) => [keys, () => navigate(path)])),
  );
}
