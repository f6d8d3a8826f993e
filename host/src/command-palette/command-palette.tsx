// The command palette (Ctrl+K / ⌘K, or the layout's search button): jump to a section or page, find a
// company, user, manager or approval by name, e-mail or id on the server, and run what the page on
// screen offers. Loaded on first use, never with the page. cmdk gives the accessible combobox and its
// keyboard handling (arrows, Enter, type-to-filter); Chakra's dialog gives the modal, focus trap and
// Escape.
import { Command } from 'cmdk';
import { useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useAuth } from 'shared-auth';
import { Box, HStack, Text } from 'shared-ui';
import { usePageCommandList } from 'shared-ui/commands';
import { Dialog, KeyCap } from 'shared-ui/dialog';
import { paletteCommands, PALETTE_TEXT, type PaletteItem } from './palette-model';
import { readRecent, rememberRecent } from './palette-recent';
import { useServerSearch } from './palette-search';

const ITEM_STYLES = {
  '& [cmdk-input]': {
    width: '100%',
    px: '4',
    py: '3',
    fontSize: 'md',
    bg: 'transparent',
    color: 'fg',
    borderBottomWidth: '1px',
    borderColor: 'border',
    outline: 'none',
  },
  // The dialog holds at most 60 % of the viewport: the list takes what the input and hints leave.
  '& [cmdk-root]': { display: 'flex', flexDirection: 'column', minH: '0', flex: '1' },
  '& [cmdk-list]': { flex: '1', minH: '0', overflowY: 'auto', px: '2', py: '2' },
  '& [cmdk-group-heading]': {
    px: '2',
    pt: '3',
    pb: '1',
    fontSize: 'xs',
    fontWeight: 'semibold',
    color: 'fg.muted',
  },
  '& [cmdk-item]': {
    display: 'flex',
    flexDirection: 'column',
    gap: '0.5',
    px: '3',
    py: '2',
    borderRadius: 'md',
    cursor: 'pointer',
    color: 'fg',
  },
  '& [cmdk-item][data-selected=true]': { bg: 'blue.subtle', color: 'blue.fg' },
  '& [cmdk-empty]': { px: '3', py: '4', fontSize: 'sm', color: 'fg.muted' },
} as const;

/** One place to open: its label and, under it, what it is. */
function ItemText({ item }: { item: PaletteItem }) {
  return (
    <>
      <Text as="span" fontWeight="medium">
        {item.label}
      </Text>
      {item.detail && (
        <Text as="span" fontSize="xs" color="fg.muted">
          {item.detail}
        </Text>
      )}
    </>
  );
}

/** The keys the palette answers, under the list. */
function KeyHints() {
  const hints: Array<{ keys: string[]; text: string }> = [
    { keys: ['ArrowUp', 'ArrowDown'], text: PALETTE_TEXT.hintMove },
    { keys: ['Enter'], text: PALETTE_TEXT.hintOpen },
    { keys: ['Escape'], text: PALETTE_TEXT.hintClose },
  ];
  return (
    <HStack
      gap="4"
      px="4"
      py="2"
      borderTopWidth="1px"
      borderColor="border"
      bg="bg.subtle"
      fontSize="xs"
      color="fg.muted"
      data-testid="palette-hints"
    >
      {hints.map((hint) => (
        <HStack key={hint.text} gap="1">
          {hint.keys.map((key) => (
            <KeyCap key={key} name={key} />
          ))}
          <span>{hint.text}</span>
        </HStack>
      ))}
    </HStack>
  );
}

/**
 * The palette as a floating modal dialog, about 640 px wide and 15 % from the top, never more than
 * 60 % of the viewport high; `onClose` when it is dismissed or something was chosen.
 */
export function CommandPalette({ open, onClose }: { open: boolean; onClose: () => void }) {
  const navigate = useNavigate();
  const { user } = useAuth();
  const pageCommands = usePageCommandList();
  const [text, setText] = useState('');
  const { found, searching } = useServerSearch(open ? text : '');
  const commands = useMemo(() => paletteCommands(user?.role), [user?.role]);
  // Read when the palette opens; shown until something is typed.
  const recent = useMemo(() => (open ? readRecent(user?.id) : []), [open, user?.id]);

  useEffect(() => {
    if (!open) setText('');
  }, [open]);

  function choose(run: () => void) {
    onClose();
    // After the dialog has closed and given the focus back, so a dialog the command opens keeps it.
    setTimeout(run, 0);
  }

  function openItem(item: PaletteItem) {
    rememberRecent(user?.id, item);
    choose(() => void navigate(item.to));
  }

  return (
    <Dialog.Root open={open} onOpenChange={(details) => !details.open && onClose()} lazyMount unmountOnExit>
      <Dialog.Backdrop />
      <Dialog.Positioner alignItems="flex-start" pt={{ base: '10vh', md: '15vh' }} px="4">
        <Dialog.Content
          aria-label={PALETTE_TEXT.label}
          overflow="hidden"
          w="full"
          maxW="640px"
          maxH="60vh"
          my="0"
          display="flex"
          flexDirection="column"
          bg="bg.panel"
          color="fg"
          borderWidth="1px"
          borderColor="border"
          borderRadius="l3"
          boxShadow="lg"
          data-testid="command-palette"
        >
          <Box css={ITEM_STYLES} display="flex" flexDirection="column" minH="0" flex="1">
            <Command label={PALETTE_TEXT.label} loop>
              <Command.Input value={text} onValueChange={setText} placeholder={PALETTE_TEXT.placeholder} />
              {/* Outside the listbox, whose children may only be options and their groups. */}
              <Text role="status" px="4" pt={searching ? '2' : '0'} fontSize="sm" color="fg.muted">
                {searching ? PALETTE_TEXT.searching : ''}
              </Text>
              <Command.List>
                <Command.Empty>{PALETTE_TEXT.noMatches}</Command.Empty>
                {text === '' && recent.length > 0 && (
                  <Command.Group heading={PALETTE_TEXT.recent}>
                    {recent.map((item) => (
                      <Command.Item key={item.value} value={item.value} onSelect={() => openItem(item)}>
                        <ItemText item={item} />
                      </Command.Item>
                    ))}
                  </Command.Group>
                )}
                {pageCommands.length > 0 && (
                  <Command.Group heading={PALETTE_TEXT.onThisPage}>
                    {pageCommands.map((command) => (
                      <Command.Item
                        key={command.id}
                        value={`page-${command.id}`}
                        keywords={[command.label, ...(command.keywords ?? [])]}
                        onSelect={() => choose(command.run)}
                      >
                        {command.label}
                      </Command.Item>
                    ))}
                  </Command.Group>
                )}
                <Command.Group heading={PALETTE_TEXT.goTo}>
                  {commands.map((command) => (
                    <Command.Item
                      key={command.to}
                      value={`go-${command.to}`}
                      keywords={[command.label, ...command.keywords]}
                      onSelect={() =>
                        openItem({
                          value: `go-${command.to}`,
                          label: command.label,
                          detail: '',
                          to: command.to,
                        })
                      }
                    >
                      {command.label}
                    </Command.Item>
                  ))}
                </Command.Group>
                {found.map((group) =>
                  group.items.length > 0 || group.failed ? (
                    <Command.Group key={group.group} heading={group.group}>
                      {group.failed && (
                        <Text px="3" py="1" fontSize="sm" color="fg.error">
                          {PALETTE_TEXT.searchFailed(group.group)}
                        </Text>
                      )}
                      {group.items.map((item) => (
                        <Command.Item
                          key={item.value}
                          value={item.value}
                          // Found by the server: always shown, whatever the local filter thinks of the text.
                          keywords={[text]}
                          onSelect={() => openItem(item)}
                        >
                          <ItemText item={item} />
                        </Command.Item>
                      ))}
                    </Command.Group>
                  ) : null,
                )}
              </Command.List>
            </Command>
          </Box>
          <KeyHints />
        </Dialog.Content>
      </Dialog.Positioner>
    </Dialog.Root>
  );
}
