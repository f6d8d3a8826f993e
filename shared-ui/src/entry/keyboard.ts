// `shared-ui/keyboard`: keyboard shortcuts (tinykeys under a rule for when a press is not meant as one)
// and the 'g, then a letter' section shortcuts. No components, so the host layout can load it for the
// section shortcuts for a few hundred bytes; the help dialog is in `shared-ui/dialog`.
export {
  bindShortcuts,
  isTypingTarget,
  shouldIgnoreShortcut,
  useShortcuts,
  type ShortcutHandler,
  type ShortcutMap,
} from '../use-shortcuts';
export {
  GO_TO_GROUP,
  GO_TO_SHORTCUTS,
  HELP_KEYS,
  HELP_SHORTCUT,
  bindGoToShortcuts,
  type ShortcutGroup,
  type ShortcutInfo,
} from '../shortcut-keys';
