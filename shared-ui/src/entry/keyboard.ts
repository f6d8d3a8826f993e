// `shared-ui/keyboard`: keyboard shortcuts (tinykeys under a rule for when a press is not meant as one)
// and the 'g, then a letter' section shortcuts. No components and no React context, so it is not a
// Module Federation singleton: the host layout and each remote that uses it bundle their own small copy
// (the sequence state they share lives on the window). The help dialog is in `shared-ui/dialog`.
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
