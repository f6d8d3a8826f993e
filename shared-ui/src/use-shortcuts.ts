// Single-key shortcuts (j, k, a, '?'), modified ones (Shift+A) and sequences ('g d') for the pages
// people work through all day. Key matching and sequences come from tinykeys (a maintained ~650 B
// library); this file only decides when a key press is not meant as a shortcut.
import { useEffect, useRef } from 'react';
import {
  createKeybindingsHandler,
  matchKeyBindingPress,
  parseKeybinding,
  type KeyBindingPress,
} from 'tinykeys';

/** Runs a shortcut; returning `false` says it did not apply (e.g. Enter with no row), so the key keeps its default. */
export type ShortcutHandler = (event: KeyboardEvent) => boolean | void;

/**
 * Shortcuts by key binding, in tinykeys syntax: 'j', 'ArrowDown', 'Shift+A', 'g d' (g, then d within a
 * second), 'Shift+?'.
 */
export type ShortcutMap = Record<string, ShortcutHandler>;

/** Input types a person types into; a shortcut never fires from those (a checkbox or a button is fine). */
const NOT_TYPED_INTO = new Set([
  'button',
  'checkbox',
  'color',
  'file',
  'image',
  'radio',
  'range',
  'reset',
  'submit',
]);

/** Elements whose own Enter or Space must keep working (a focused button, link or menu item). */
const INTERACTIVE =
  'a[href],button,summary,select,[role="button"],[role="link"],[role="menuitem"],[role="checkbox"],[role="tab"],[role="option"],[role="switch"]';

/** An overlay that has the keyboard: a modal dialog, an open menu or listbox. */
const OPEN_OVERLAY =
  '[aria-modal="true"]:not([data-state="closed"]),[role="dialog"][data-state="open"],[role="alertdialog"][data-state="open"],[role="menu"][data-state="open"],[role="listbox"][data-state="open"]';

/** True when `target` is a field being typed into: a text-like input, a textarea, a select or editable content. */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof Element)) return false;
  if (target instanceof HTMLInputElement) return !NOT_TYPED_INTO.has(target.type);
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  // jsdom has no isContentEditable; the attribute is what browsers read too.
  return target.closest('[contenteditable]:not([contenteditable="false"])') !== null;
}

/**
 * True when a key press must be left alone: typing in a field, composing text (IME), a press an
 * earlier handler consumed, a dialog or menu that is open (it owns the keyboard until it closes),
 * or Enter / Space on a focused button or link (they activate it).
 */
export function shouldIgnoreShortcut(event: KeyboardEvent): boolean {
  if (event.defaultPrevented || event.isComposing) return true;
  const target = event.target;
  if (isTypingTarget(target)) return true;
  const element = target instanceof Element ? target : null;
  const doc = element?.ownerDocument ?? (typeof document === 'undefined' ? null : document);
  if (element?.closest('[role="dialog"],[role="alertdialog"],[role="menu"],[role="listbox"]')) return true;
  if (doc?.querySelector(OPEN_OVERLAY)) return true;
  if ((event.key === 'Enter' || event.key === ' ') && element?.closest(INTERACTIVE)) return true;
  return false;
}

/** How long a sequence waits for its next key (tinykeys' default). */
const SEQUENCE_TIMEOUT_MS = 1000;

/**
 * The first keys of the sequences bound anywhere on the page ('g' of 'g a'), counted per binding, so
 * a page's 'a' does not also fire when the layout's 'g a' is typed: the two are bound separately. The
 * host and each remote bundle their own copy of this file (shared-ui/keyboard is not a Module
 * Federation singleton), so the state lives on the window, one per page.
 */
interface SequenceState {
  starts: Map<string, { press: KeyBindingPress; count: number }>;
  startedAt: number | null;
  last: { event: KeyboardEvent; inSequence: boolean } | null;
}
const STATE_KEY = Symbol.for('shared-ui/keyboard sequences');
const state = ((globalThis as unknown as Record<symbol, SequenceState | undefined>)[STATE_KEY] ??= {
  starts: new Map(),
  startedAt: null,
  last: null,
});

/** True when `event` continues a sequence begun by the previous key press (once per event, for every listener). */
function continuesSequence(event: KeyboardEvent): boolean {
  if (state.last?.event === event) return state.last.inSequence;
  const now = Date.now();
  const inSequence = state.startedAt !== null && now - state.startedAt < SEQUENCE_TIMEOUT_MS;
  const starts = [...state.starts.values()].some(({ press }) => matchKeyBindingPress(event, press));
  state.startedAt = starts && !inSequence ? now : null;
  state.last = { event, inSequence };
  return inSequence;
}

function countSequenceStart(keys: string, delta: 1 | -1) {
  const first = keys.trim().split(' ')[0]!;
  const entry = state.starts.get(first) ?? { press: parseKeybinding(first)[0]!, count: 0 };
  entry.count += delta;
  if (entry.count > 0) state.starts.set(first, entry);
  else state.starts.delete(first);
}

/**
 * Listens for `shortcuts` on `target` (keydown) and returns the function that stops listening.
 * Ignored presses (shouldIgnoreShortcut) never reach the bindings, so typing 'g' in a field does not
 * start a sequence; the second key of a sequence ('a' of 'g a') runs no single-key shortcut, wherever
 * either is bound. A handled press has its default prevented (no page scroll on the arrows, no 'a'
 * typed into the field of the dialog it opens).
 * @example const stop = bindShortcuts(window, { 'g d': () => navigate('/dashboard') });
 */
export function bindShortcuts(target: Window | HTMLElement, shortcuts: ShortcutMap): () => void {
  const singles: Record<string, (event: KeyboardEvent) => void> = {};
  const sequences: Record<string, (event: KeyboardEvent) => void> = {};
  for (const [keys, handler] of Object.entries(shortcuts)) {
    const isSequence = keys.trim().includes(' ');
    (isSequence ? sequences : singles)[keys] = (event) => {
      if (handler(event) !== false) event.preventDefault();
    };
    if (isSequence) countSequenceStart(keys, 1);
  }
  const handleSingles = createKeybindingsHandler(singles);
  const handleSequences = createKeybindingsHandler(sequences, { timeout: SEQUENCE_TIMEOUT_MS });
  const listener = (event: Event) => {
    if (!(event instanceof KeyboardEvent) || shouldIgnoreShortcut(event)) return;
    const inSequence = continuesSequence(event);
    handleSequences(event);
    if (!inSequence) handleSingles(event);
  };
  target.addEventListener('keydown', listener);
  return () => {
    target.removeEventListener('keydown', listener);
    for (const keys of Object.keys(sequences)) countSequenceStart(keys, -1);
  };
}

/**
 * Page shortcuts for as long as the component is mounted (on `window`). The handlers may change on
 * every render; only a change of the set of keys re-binds.
 * @example
 * useShortcuts({ j: () => cursor.move(1), k: () => cursor.move(-1), 'Shift+?': () => setHelpOpen(true) });
 */
export function useShortcuts(shortcuts: ShortcutMap, enabled = true): void {
  const latest = useRef(shortcuts);
  useEffect(() => {
    latest.current = shortcuts;
  });
  const keys = Object.keys(shortcuts).join('\n');
  useEffect(() => {
    if (!enabled || keys === '') return undefined;
    return bindShortcuts(
      window,
      Object.fromEntries(
        keys.split('\n').map((key) => [key, (event: KeyboardEvent) => latest.current[key]?.(event)]),
      ),
    );
  }, [keys, enabled]);
}
