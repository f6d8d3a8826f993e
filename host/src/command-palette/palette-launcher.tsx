import { createContext, lazy, Suspense, useContext, useEffect, useState, type ReactNode } from 'react';
import { Box, Button, IconButton, Text, VisuallyHidden } from 'shared-ui';
import { NavIcon } from '../layout/icons';

// The palette, cmdk and the dialog machinery load on first use, not with the page.
const CommandPalette = lazy(() => import('./command-palette').then((m) => ({ default: m.CommandPalette })));

/** True for Ctrl+K (⌘K on a Mac), the shortcut admin tools use for their palette. */
export function isPaletteShortcut(
  event: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey'>,
): boolean {
  return (
    event.key.toLowerCase() === 'k' && (event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey
  );
}

const OpenPalette = createContext<() => void>(() => undefined);

/**
 * Owns the command palette for the signed-in layout: the keyboard shortcut (from anywhere, a text
 * field included: Ctrl+K types nothing) and the palette itself, fetched the first time it opens. The
 * search buttons inside open it through context, so the sidebar and the phone header share one.
 */
export function PaletteHost({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!isPaletteShortcut(event)) return;
      event.preventDefault();
      setLoaded(true);
      setOpen((was) => !was);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const openPalette = () => {
    setLoaded(true);
    setOpen(true);
  };

  return (
    <OpenPalette.Provider value={openPalette}>
      {children}
      {loaded && (
        <Suspense fallback={null}>
          <CommandPalette open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </OpenPalette.Provider>
  );
}

/**
 * The layout's search button: the full width of the sidebar, or an icon in the phone header. Named
 * 'Search' by its text (visible, or visually hidden beside the icon), not by a label: the pages'
 * search fields are the page's 'Search' labels.
 */
export function SearchButton({ compact = false }: { compact?: boolean }) {
  const openPalette = useContext(OpenPalette);
  if (compact) {
    return (
      <IconButton
        variant="ghost"
        aria-haspopup="dialog"
        aria-keyshortcuts="Control+K Meta+K"
        onClick={openPalette}
      >
        <NavIcon name="search" />
        <VisuallyHidden>Search</VisuallyHidden>
      </IconButton>
    );
  }
  return (
    <Button
      variant="outline"
      size="sm"
      w="full"
      color="fg.muted"
      aria-haspopup="dialog"
      aria-keyshortcuts="Control+K Meta+K"
      onClick={openPalette}
    >
      <NavIcon name="search" width="16" height="16" />
      <Text as="span" flex="1" textAlign="start">
        Search
      </Text>
      <Box
        as="span"
        aria-hidden="true"
        fontSize="xs"
        px="1.5"
        borderWidth="1px"
        borderColor="border"
        borderRadius="sm"
      >
        Ctrl K
      </Box>
    </Button>
  );
}
