// What the approvals pages' keys do, as the '?' help lists them (the pages bind the same keys).
import { INBOX_TEXT } from 'shared-contracts';
import { GO_TO_GROUP, HELP_SHORTCUT, type ShortcutGroup } from 'shared-ui/keyboard';

/** The list's keys: the row cursor, the row's decisions and the selection's. */
export const LIST_SHORTCUTS: ShortcutGroup[] = [
  {
    title: 'Approvals list',
    shortcuts: [
      { keys: ['j', 'ArrowDown'], label: 'Next row' },
      { keys: ['k', 'ArrowUp'], label: 'Previous row' },
      { keys: ['Enter'], label: 'Open the approval' },
      { keys: ['x'], label: 'Select or clear the row' },
      { keys: ['a'], label: 'Approve the approval (asks first)' },
      { keys: ['r'], label: 'Reject the approval (asks for the reason)' },
      { keys: ['Shift+A'], label: 'Approve the selected approvals (asks first)' },
      { keys: ['Shift+R'], label: 'Reject the selected approvals (asks for the reason)' },
      HELP_SHORTCUT,
    ],
  },
  GO_TO_GROUP,
];

/** The approval page's keys. */
export const DETAIL_SHORTCUTS: ShortcutGroup[] = [
  {
    title: 'Approval',
    shortcuts: [
      { keys: ['a'], label: 'Approve (asks first)' },
      { keys: ['r'], label: 'Reject (asks for the reason)' },
      HELP_SHORTCUT,
    ],
  },
  GO_TO_GROUP,
];

/** The inbox's keys: the list's moves over the queue, the decisions that go on to the next one. */
export const INBOX_SHORTCUTS: ShortcutGroup[] = [
  {
    title: INBOX_TEXT.shortcuts.title,
    shortcuts: [
      { keys: ['j', 'ArrowDown'], label: INBOX_TEXT.shortcuts.next },
      { keys: ['k', 'ArrowUp'], label: INBOX_TEXT.shortcuts.previous },
      { keys: ['a'], label: INBOX_TEXT.shortcuts.approve },
      { keys: ['r'], label: INBOX_TEXT.shortcuts.reject },
      { keys: ['Enter'], label: INBOX_TEXT.shortcuts.open },
      HELP_SHORTCUT,
    ],
  },
  GO_TO_GROUP,
];
