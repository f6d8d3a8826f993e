import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import {
  Box,
  Flex,
  FullScreenProvider,
  IconButton,
  NOTICE_CLEARANCE,
  SWR_OPTIONS,
  Text,
  UnknownPathNotice,
  useFullScreenState,
} from 'shared-ui';
import { SWRConfig } from 'swr';
import { PaletteHost, SearchButton } from '../command-palette/palette-launcher';
import { useLiveDashboardStats } from '../dashboard/api/get-dashboard-stats';
import { NavIcon } from './icons';
import { useForgetAnswersWhenSessionEnds } from './forget-answers';
import { MobileDrawer } from './mobile-drawer';
import { SidebarContent } from './sidebar';
import { SecondFactorBanner } from './second-factor-banner';
import { SecondFactorHost } from './second-factor-host';
import { SIDEBAR_WIDTH } from './sidebar-width';
import { useSignedInServices } from './signed-in-services';
import { SECTIONS } from 'shared-contracts';

// On a section's address the section starts loading as soon as the layout's code has arrived: its
// chain of files (loader, /remotes.json, manifest, remoteEntry.js, its routes) is fetched while the
// layout runs and renders, not after. Here rather than in the router, whose code the sign-in page
// loads.
const openedSection = SECTIONS.find(({ name }) => name === window.location.pathname.split('/')[1]);
if (openedSection) {
  void import('../remotes/remote-section').then((m) => m.preloadSection(openedSection.name));
}

// Fetched only when the warning is due (a minute before an unused console signs itself out).
const IdleWarningDialog = lazy(() =>
  import('./idle-warning').then((m) => ({ default: m.IdleWarningDialog })),
);

/** The protected layout: a 16 rem sidebar beside the content; on small screens it slides in from a menu button. */
export function AppLayout() {
  const [menuOpen, setMenuOpen] = useState(false);
  const location = useLocation();
  const menuButtonRef = useRef<HTMLButtonElement>(null);
  // Access Denied is full-screen: while it is shown the sidebar and the phone header leave the
  // page. The outlet keeps its place in the tree in both modes, so the view is not remounted.
  const { fullScreen, control } = useFullScreenState();

  useEffect(() => setMenuOpen(false), [location.pathname]);

  useForgetAnswersWhenSessionEnds();

  const idleWarning = useSignedInServices();

  // The sidebar's and the dashboard's counts follow other people's changes.
  useLiveDashboardStats();

  // Stable, so the open drawer's focus and Escape key are set up once per opening.
  const closeMenu = useCallback(() => {
    setMenuOpen(false);
    menuButtonRef.current?.focus();
  }, []);
  const leaveMenu = useCallback(() => setMenuOpen(false), []);

  return (
    // SWR and its rules load with the signed-in layout, not with the sign-in page; the sidebar's
    // counts use them too.
    <SWRConfig value={SWR_OPTIONS}>
      <PaletteHost>
        <SecondFactorHost />
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

          <MobileDrawer open={menuOpen && !fullScreen} onClose={closeMenu} onNavigate={leaveMenu} />

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
              {!fullScreen && <SecondFactorBanner />}
              {!fullScreen && <UnknownPathNotice />}
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
