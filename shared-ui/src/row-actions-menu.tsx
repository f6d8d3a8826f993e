// The '⋮' menu at the end of a table row or a detail header. Items a role may not
// use are passed with `hidden` rather than left out, so each page lists its actions in one place.
import { IconButton, Menu, Portal } from '@chakra-ui/react';

/** One entry of a RowActionsMenu. */
export interface RowAction {
  key: string;
  label: string;
  onSelect: () => void;
  /** Red text, for delete and the like. */
  destructive?: boolean;
  /** Not rendered (e.g. the role may not use it). */
  hidden?: boolean;
  disabled?: boolean;
}

/** Props of RowActionsMenu. */
export interface RowActionsMenuProps {
  /** Accessible name of the trigger, e.g. 'Actions for Acme Corp'. */
  label: string;
  items: RowAction[];
}

// The menu recipe's layer variable, set just above the notices' layer (notice-area.tsx).
const MENU_ABOVE_NOTICES = { '--menu-z-index': 'calc(var(--chakra-z-index-toast, 1700) + 1)' } as const;

/**
 * Icon button opening a menu of row actions; renders nothing when every item is hidden.
 * @example <RowActionsMenu label={`Actions for ${company.name}`} items={[{ key: 'view', label: 'View', onSelect: () => navigate(`/companies/${company.id}`) }, { key: 'delete', label: 'Delete', destructive: true, hidden: !canDelete, onSelect: () => setDeleting(company) }]} />
 */
export function RowActionsMenu({ label, items }: RowActionsMenuProps) {
  const visible = items.filter((item) => !item.hidden);
  if (visible.length === 0) return null;
  return (
    <Menu.Root
      // A list page holds one menu per row: its items are rendered on first open, not with the page.
      lazyMount
      unmountOnExit
      positioning={{ placement: 'bottom-end' }}
      onSelect={(details) => visible.find((item) => item.key === details.value)?.onSelect()}
    >
      <Menu.Trigger asChild>
        <IconButton aria-label={label} variant="ghost" size="sm">
          <svg viewBox="0 0 24 24" fill="currentColor" aria-hidden="true" focusable="false">
            <circle cx="12" cy="5" r="1.8" />
            <circle cx="12" cy="12" r="1.8" />
            <circle cx="12" cy="19" r="1.8" />
          </svg>
        </IconButton>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          {/* Above the notice area: a menu opened near the bottom of the window reaches into the
              corner where notices show, and its last items were under the notice of the action just
              taken (Delete after a role change, say) until it went. */}
          <Menu.Content minW="44" css={MENU_ABOVE_NOTICES}>
            {visible.map((item) => (
              <Menu.Item
                key={item.key}
                value={item.key}
                disabled={item.disabled}
                color={item.destructive ? 'fg.error' : undefined}
                _highlighted={item.destructive ? { bg: 'bg.error', color: 'fg.error' } : undefined}
              >
                {item.label}
              </Menu.Item>
            ))}
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
