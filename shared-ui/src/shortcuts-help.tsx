// The '?' help: every shortcut of the page, grouped, each with the keys as printed on a keyboard. Also
// opened by a visible 'Keyboard shortcuts' button, so it is reachable by mouse and by Tab.
import { Box, Button, Dialog, Heading, Portal, Stack, VisuallyHidden, chakra } from '@chakra-ui/react';
import { Fragment } from 'react';
import type { ShortcutGroup } from './shortcut-keys';

/** How a key is printed, and what a screen reader says when the print is a symbol. */
const KEY_NAMES: Record<string, { print: string; spoken?: string }> = {
  ArrowDown: { print: '↓', spoken: 'Down arrow' },
  ArrowUp: { print: '↑', spoken: 'Up arrow' },
  ArrowLeft: { print: '←', spoken: 'Left arrow' },
  ArrowRight: { print: '→', spoken: 'Right arrow' },
  Escape: { print: 'Esc' },
  Enter: { print: '↵', spoken: 'Enter' },
  $mod: { print: 'Ctrl' },
};

const Key = chakra('kbd', {
  base: {
    display: 'inline-block',
    minW: '6',
    px: '1.5',
    py: '0.5',
    borderWidth: '1px',
    borderBottomWidth: '2px',
    borderRadius: 'l1',
    bg: 'bg.subtle',
    fontFamily: 'mono',
    fontSize: 'sm',
    lineHeight: '1.2',
    textAlign: 'center',
  },
});

/** A key as printed on a keyboard ('ArrowDown' → ↓, spoken 'Down arrow'). */
export function KeyCap({ name }: { name: string }) {
  const known = KEY_NAMES[name];
  if (!known?.spoken) return <Key>{known?.print ?? name}</Key>;
  return (
    <Key>
      <span aria-hidden="true">{known.print}</span>
      <VisuallyHidden>{known.spoken}</VisuallyHidden>
    </Key>
  );
}

/** 'g d' → g then d; 'Shift+A' → Shift + A. */
function Binding({ keys }: { keys: string }) {
  return (
    <>
      {keys.split(' ').map((press, index) => (
        <Fragment key={index}>
          {index > 0 && ' then '}
          {press.split('+').map((key, keyIndex) => (
            <Fragment key={keyIndex}>
              {keyIndex > 0 && ' + '}
              <KeyCap name={key} />
            </Fragment>
          ))}
        </Fragment>
      ))}
    </>
  );
}

/** Props of ShortcutsHelpDialog. */
export interface ShortcutsHelpDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  groups: ShortcutGroup[];
}

/**
 * 'Keyboard shortcuts': a modal listing `groups`, each a definition list of keys and what they do.
 * @example <ShortcutsHelpDialog open={help} onOpenChange={setHelp} groups={[{ title: 'Approvals list', shortcuts: [{ keys: ['j', 'ArrowDown'], label: 'Next row' }] }, GO_TO_GROUP]} />
 */
export function ShortcutsHelpDialog({ open, onOpenChange, groups }: ShortcutsHelpDialogProps) {
  return (
    <Dialog.Root
      lazyMount
      unmountOnExit
      open={open}
      onOpenChange={(details) => onOpenChange(details.open)}
      placement="center"
      scrollBehavior="inside"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner px={{ base: '4', md: '0' }}>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>Keyboard shortcuts</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Dialog.Description color="fg.muted" mb="4">
                Shortcuts do nothing while you type in a field or while a dialog is open.
              </Dialog.Description>
              <Stack gap="5">
                {groups.map((group) => (
                  <Box as="section" key={group.title} aria-label={group.title}>
                    <Heading as="h3" size="sm" mb="2">
                      {group.title}
                    </Heading>
                    <Box
                      as="dl"
                      display="grid"
                      gridTemplateColumns="minmax(8rem, auto) 1fr"
                      gap="2"
                      alignItems="center"
                    >
                      {group.shortcuts.map((shortcut) => (
                        <Fragment key={shortcut.label}>
                          <Box as="dt">
                            {shortcut.keys.map((keys, index) => (
                              <Fragment key={keys}>
                                {index > 0 && ' or '}
                                <Binding keys={keys} />
                              </Fragment>
                            ))}
                          </Box>
                          <Box as="dd">{shortcut.label}</Box>
                        </Fragment>
                      ))}
                    </Box>
                  </Box>
                ))}
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Dialog.ActionTrigger asChild>
                <Button variant="outline">Close</Button>
              </Dialog.ActionTrigger>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

/**
 * The mouse way to the help: an outline 'Keyboard shortcuts' button (the page binds '?' to the same).
 * @example <ShortcutsHelpButton onClick={() => setHelp(true)} />
 */
export function ShortcutsHelpButton({ onClick }: { onClick: () => void }) {
  return (
    <Button variant="outline" onClick={onClick} aria-keyshortcuts="Shift+?">
      Keyboard shortcuts
    </Button>
  );
}
