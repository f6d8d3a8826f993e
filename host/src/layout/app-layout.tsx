import { AnimatePresence, motion } from 'framer-motion';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router-dom';
import {
  Box,
  Flex,
  FullScreenProvider,
  IconButton,
  NOTICE_CLEARANCE,
  SWR_OPTIONS,
  Text,
  preloadNotices,
  useFullScreenState,
} from 'shared-ui';
import { loadIdleWatch, startLiveEvents, type IdleWarning } from 'shared-auth';
import { SWRConfig } from 'swr';
import { PaletteHost, SearchButton } from '../command-palette/palette-launcher';
import { useLiveDashboardStats } from '../dashboard/api/get-dashboard-stats';
import { NavIcon } from './icons';
import { SidebarContent } from './sidebar';

const SIDEBAR_WIDTH = '16rem';

// Fetched only when the warning is due (a minute before an unused console signs itself out).
const IdleWarningDialog = lazy(() =>
  import('./idle-warning').then((m) => ({ default: m.IdleWarningDialog })),
);

/** The protected layout: a 16 rem sidebar beside the content; on small screens it slides in from a menu button. */
export function AppLayout() {
  const [menuOpen, setMenuOpen] = useState(false);
  const location = useLocation();
  const navigate = useNavigate();
  const drawerRef = useRef<HTMLDivElement>(null);
  const menuButtonRef = useRef<HTMLButtonElement>(null);
  // Access Denied is full-screen: while it is shown the sidebar and the phone header leave the
  // page. The outlet keeps its place in the tree in both modes, so the view is not remounted.
  const { fullScreen, control } = useFullScreenState();

  useEffect(() => setMenuOpen(false), [location.pathname]);

  // The notice area is not part of the sign-in page's JavaScript: fetch it now the user is signed in.
  useEffect(preloadNotices, []);

  // This tab's live event stream, for as long as someone is signed in (the layout leaves on
  // sign-out); its connection code is fetched only now, never by the sign-in page.
  useEffect(() => startLiveEvents(), []);
  // An unused console signs itself out after the server's idle limit instead of refreshing forever;
  // the watch's code, too, is fetched only now.
  const [idleWarning, setIdleWarning] = useState<IdleWarning | null>(null);
  useEffect(() => {
    let stop: (() => void) | undefined;
    let left = false;
    loadIdleWatch()
      .then(({ watchIdle }) => {
        if (!left) stop = watchIdle(setIdleWarning);
      })
      // Without the watch the console works as before; the server's idle limit still applies.
      .catch(() => {});
    return () => {
      left = true;
      stop?.();
    };
  }, []);
  // 'g, then d/c/u/m/a' goes to a section from any signed-in page. The keys' code (tinykeys and the
  // rule that leaves typing alone) is fetched after the layout has painted, never by the sign-in page.
  useEffect(() => {
    let stop: (() => void) | undefined;
    let left = false;
    void import('shared-ui/keyboard').then(({ bindGoToShortcuts }) => {
      if (!left) stop = bindGoToShortcuts((path) => navigate(path));
    });
    return () => {
      left = true;
      stop?.();
    };
  }, [navigate]);

  // The sidebar's and the dashboard's counts follow other people's changes.
  useLiveDashboardStats();

  useEffect(() => {
    if (!menuOpen) return undefined;
    drawerRef.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setMenuOpen(false);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [menuOpen]);

  function closeMenu() {
    setMenuOpen(false);
    menuButtonRef.current?.focus();
  }

  return (
    // SWR and its rules load with the signed-in layout, not with the sign-in page; the sidebar's
    // counts use them too.
    <SWRConfig value={SWR_OPTIONS}>
      <PaletteHost>
        <Flex minH="100dvh" bg={fullScreen ? 'bg' : 'bg.subtle'}>
          {!fullScreen && (
            <Box
              as="aside"
              aria-label="Sidebar"
              display={{ base: 'none', lg: 'block' }}
              w={SIDEBAR_WIDTH}
              flexShrink={0}
              position="sticky"
              top="0"
              h="100dvh"
              bg="bg"
              borderRightWidth="1px"
              borderColor="border"
            >
              <SidebarContent />
            </Box>
          )}

          <AnimatePresence>
            {menuOpen && !fullScreen && (
              <>
                <motion.div
                  key="backdrop"
                  data-testid="sidebar-backdrop"
                  onClick={closeMenu}
                  initial={{ opacity: 0 }}
                  animate={{ opacity: 1 }}
                  exit={{ opacity: 0 }}
                  transition={{ duration: 0.2 }}
                  style={{ position: 'fixed', inset: 0, background: 'rgba(15, 23, 42, 0.45)', zIndex: 40 }}
                />
                <motion.div
                  key="drawer"
                  id="mobile-sidebar"
                  ref={drawerRef}
                  role="dialog"
                  aria-modal="true"
                  aria-label="Navigation"
                  tabIndex={-1}
                  initial={{ x: '-100%' }}
                  animate={{ x: 0 }}
                  exit={{ x: '-100%' }}
                  transition={{ type: 'tween', duration: 0.22 }}
                  style={{
                    position: 'fixed',
                    top: 0,
                    bottom: 0,
                    left: 0,
                    width: SIDEBAR_WIDTH,
                    maxWidth: '85vw',
                    background: 'var(--chakra-colors-bg)',
                    zIndex: 50,
                    boxShadow: '0 10px 30px rgba(15, 23, 42, 0.25)',
                    outline: 'none',
                  }}
                >
                  <SidebarContent onNavigate={() => setMenuOpen(false)} />
                </motion.div>
              </>
            )}
          </AnimatePresence>

          <Flex direction="column" flex="1" minW="0">
            {!fullScreen && (
              <Flex
                as="header"
                display={{ base: 'flex', lg: 'none' }}
                align="center"
                gap="3"
                px="4"
                h="14"
                bg="bg"
                borderBottomWidth="1px"
                borderColor="border"
                position="sticky"
                top="0"
                zIndex="10"
              >
                <IconButton
                  ref={menuButtonRef}
                  aria-label="Open menu"
                  aria-expanded={menuOpen}
                  aria-controls="mobile-sidebar"
                  variant="ghost"
                  onClick={() => setMenuOpen(true)}
                >
                  <NavIcon name="menu" />
                </IconButton>
                <Text fontWeight="bold" flex="1">
                  Admin Panel
                </Text>
                <SearchButton compact />
              </Flex>
            )}
            <Box
              as="main"
              id="main-content"
              flex="1"
              w="full"
              maxW={fullScreen ? 'none' : '7xl'}
              mx="auto"
              px={fullScreen ? '0' : { base: '4', md: '8' }}
              pt={fullScreen ? '0' : { base: '5', md: '8' }}
              // Room under the last controls (pagination, a row menu) so they can be scrolled clear of a notice.
              pb={fullScreen ? '0' : NOTICE_CLEARANCE}
            >
              <FullScreenProvider value={control}>
                <Outlet />
              </FullScreenProvider>
            </Box>
          </Flex>
        </Flex>
      </PaletteHost>
      {idleWarning ? (
        <Suspense fallback={null}>
          <IdleWarningDialog warning={idleWarning} />
        </Suspense>
      ) : null}
    </SWRConfig>
  );
}
