// The command palette (Ctrl+K / ⌘K, or the layout's search button): jump to a section or page, find a
// company, user, manager or approval by name, e-mail or id on the server, and run what the page on
// screen offers. Loaded on first use, never with the page. cmdk gives the accessible combobox and its
// keyboard handling (arrows, Enter, type-to-filter); Chakra's dialog gives the modal, focus trap and
// Escape.
import { Command } from 'cmdk';
import { useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { api, useAuth } from 'shared-auth';
import { personName, type Company, type Manager, type User } from 'shared-contracts';
import type { ApprovalSummary } from 'shared-contracts';
import { Box, Text } from 'shared-ui';
import { usePageCommandList } from 'shared-ui/commands';
import { Dialog } from 'shared-ui/dialog';
import { formatUsd } from 'shared-ui/format';
import { paletteCommands, SEARCH_DEBOUNCE_MS, SEARCH_MIN_LENGTH, SEARCH_PER_GROUP } from './palette-model';

interface Found {
  group: string;
  items: { value: string; label: string; detail: string; to: string }[];
  failed: boolean;
}

const SEARCHES: {
  group: string;
  path: string;
  found: (row: never) => { value: string; label: string; detail: string; to: string };
}[] = [
  {
    group: 'Approvals',
    path: '/api/bill-approval/approvals',
    found: (approval: ApprovalSummary) => ({
      value: `approval-${approval.id}`,
      label: `#${approval.id.slice(0, 8)} · ${approval.companyName ?? approval.company?.name ?? 'No company'}`,
      detail: `${approval.status} · ${formatUsd(approval.billStats.totalAmount)}`,
      to: `/approvals/${approval.id}`,
    }),
  },
  {
    group: 'Companies',
    path: '/api/company/companies',
    found: (company: Company) => ({
      value: `company-${company.id}`,
      label: company.name,
      detail: company.email ?? '',
      to: `/companies/${company.id}`,
    }),
  },
  {
    group: 'Users',
    path: '/api/user/users',
    found: (user: User) => ({
      value: `user-${user.id}`,
      label: personName(user) || user.email,
      detail: `${user.email} · ${user.role}`,
      to: `/users/${user.id}`,
    }),
  },
  {
    group: 'Managers',
    path: '/api/manager/managers',
    found: (manager: Manager) => ({
      value: `manager-${manager.id}`,
      label: personName(manager),
      detail: manager.email,
      to: `/managers/${manager.id}`,
    }),
  },
];

/** The server's matches for `text`, each section searched at once; a section that fails says so. */
function useServerSearch(text: string): { found: Found[]; searching: boolean } {
  const [state, setState] = useState<{ text: string; found: Found[] }>({ text: '', found: [] });
  const query = text.trim();
  useEffect(() => {
    if (query.length < SEARCH_MIN_LENGTH) return undefined;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      void Promise.all(
        SEARCHES.map(async ({ group, path, found }) => {
          try {
            const page = await api.getPaged<never>(path, {
              searchParams: { search: query, page: 1, limit: SEARCH_PER_GROUP },
              signal: controller.signal,
            });
            return { group, items: page.data.map(found), failed: false };
          } catch {
            return { group, items: [], failed: true };
          }
        }),
      ).then((found) => {
        if (!controller.signal.aborted) setState({ text: query, found });
      });
    }, SEARCH_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [query]);
  const fresh = state.text === query;
  return { found: fresh ? state.found : [], searching: query.length >= SEARCH_MIN_LENGTH && !fresh };
}

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
  '& [cmdk-list]': { maxH: 'min(60vh, 26rem)', overflowY: 'auto', px: '2', py: '2' },
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

/** The palette as a modal dialog; `onClose` when it is dismissed or something was chosen. */
export function CommandPalette({ open, onClose }: { open: boolean; onClose: () => void }) {
  const navigate = useNavigate();
  const { user } = useAuth();
  const pageCommands = usePageCommandList();
  const [text, setText] = useState('');
  const { found, searching } = useServerSearch(open ? text : '');
  const commands = useMemo(() => paletteCommands(user?.role), [user?.role]);

  useEffect(() => {
    if (!open) setText('');
  }, [open]);

  function choose(run: () => void) {
    onClose();
    // After the dialog has closed and given the focus back, so a dialog the command opens keeps it.
    setTimeout(run, 0);
  }

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(details) => !details.open && onClose()}
      placement="top"
      size={{ base: 'full', md: 'lg' }}
      lazyMount
      unmountOnExit
    >
      <Dialog.Backdrop />
      <Dialog.Positioner>
        <Dialog.Content aria-label="Search and commands" overflow="hidden">
          <Box css={ITEM_STYLES}>
            <Command label="Search and commands" loop>
              <Command.Input
                value={text}
                onValueChange={setText}
                placeholder="Search approvals, companies, people, or type a command…"
              />
              {/* Outside the listbox, whose children may only be options and their groups. */}
              <Text role="status" px="4" pt={searching ? '2' : '0'} fontSize="sm" color="fg.muted">
                {searching ? 'Searching…' : ''}
              </Text>
              <Command.List>
                <Command.Empty>No matches.</Command.Empty>
                {pageCommands.length > 0 && (
                  <Command.Group heading="On this page">
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
                <Command.Group heading="Go to">
                  {commands.map((command) => (
                    <Command.Item
                      key={command.to}
                      value={`go-${command.to}`}
                      keywords={[command.label, ...command.keywords]}
                      onSelect={() => choose(() => navigate(command.to))}
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
                          {`Could not search ${group.group.toLowerCase()}.`}
                        </Text>
                      )}
                      {group.items.map((item) => (
                        <Command.Item
                          key={item.value}
                          value={item.value}
                          // Found by the server: always shown, whatever the local filter thinks of the text.
                          keywords={[text]}
                          onSelect={() => choose(() => navigate(item.to))}
                        >
                          <Text as="span" fontWeight="medium">
                            {item.label}
                          </Text>
                          {item.detail && (
                            <Text as="span" fontSize="xs" color="fg.muted">
                              {item.detail}
                            </Text>
                          )}
                        </Command.Item>
                      ))}
                    </Command.Group>
                  ) : null,
                )}
              </Command.List>
            </Command>
          </Box>
        </Dialog.Content>
      </Dialog.Positioner>
    </Dialog.Root>
  );
}
