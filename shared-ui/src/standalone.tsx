// The minimal shell a remote runs in alone for QA: its own sign-in,
// then only that section under a thin header. The host never uses this; it owns the real layout.
import { Badge, Box, Button, Flex, HStack, Text } from '@chakra-ui/react';
import { StrictMode, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import {
  BrowserRouter,
  Navigate,
  useLocation,
  useNavigate,
  useRoutes,
  type RouteObject,
} from 'react-router-dom';
import { SWRConfig } from 'swr';
import { RequireAuth, configureHttp, initializeSession, setNavigator, startLiveEvents, useAuth } from 'shared-auth';
import { UI_TEXT } from 'shared-contracts';
import { FullScreenProvider, useFullScreenState } from './full-screen-view';
import { SignInPage } from './sign-in-page';
import { FullPageSpinner } from './states';
import { SWR_OPTIONS } from './swr-options';
import { NOTICE_CLEARANCE, preloadNotices } from './toaster';
import { UiProvider } from './ui-provider';

/** What a remote passes to its standalone shell. */
export interface StandaloneOptions {
  /** Section title shown in the header bar, e.g. 'Users'. */
  title: string;
  /** Where the section lives, e.g. '/users'; its routes are relative to it. */
  basePath: string;
  /** The section's routes, the same ones the remote exposes to the host. */
  routes: RouteObject[];
  /** Product label for the sign-in page. */
  productName?: string;
  /** URL prefix the page is served under, e.g. '/remotes/users' in production; default none. */
  basename?: string;
}

/** Options of renderStandalone: the shell plus how to reach the API. */
export interface RenderStandaloneOptions extends StandaloneOptions {
  /** API base address (the remote's DefinePlugin value); default: this page's origin. */
  apiBaseUrl?: string;
  /** Value of the X-Environment header. */
  environment?: string;
}

function SectionRoutes({ routes }: { routes: RouteObject[] }) {
  return useRoutes(routes);
}

function StandaloneLayout({ title, routes }: { title: string; routes: RouteObject[] }) {
  const { user, logout } = useAuth();
  const navigate = useNavigate();
  const [signingOut, setSigningOut] = useState(false);
  const { fullScreen, control } = useFullScreenState();
  // Signed in: load the notice area now (the sign-in page does not).
  useEffect(preloadNotices, []);
  // A section run alone opens the tab's live event stream itself, as the host's layout does.
  useEffect(() => startLiveEvents(), []);

  const signOut = async () => {
    setSigningOut(true);
    try {
      await logout();
    } finally {
      navigate('/login', { replace: true });
    }
  };

  return (
    <Flex direction="column" minH="100dvh">
      {/* Hidden while a full-screen view (Access Denied) is shown; main stays in place so it is not remounted. */}
      {!fullScreen && (
        <Flex
          as="header"
          align="center"
          gap="3"
          wrap="wrap"
          px={{ base: '4', md: '6' }}
          py="3"
          bg="bg"
          borderBottomWidth="1px"
        >
          <Text fontWeight="semibold">{title}</Text>
          <Badge colorPalette="purple" variant="subtle">
            Standalone
          </Badge>
          <HStack ms="auto" gap="3" minW="0">
            {user ? (
              <HStack gap="2" minW="0">
                <Text fontSize="sm" truncate>
                  {user.email}
                </Text>
                <Badge variant="outline">{user.role}</Badge>
              </HStack>
            ) : null}
            <Button size="sm" variant="outline" onClick={() => void signOut()} loading={signingOut}>
              {UI_TEXT.signOut}
            </Button>
          </HStack>
        </Flex>
      )}
      <Box
        as="main"
        flex="1"
        p={fullScreen ? '0' : { base: '4', md: '6' }}
        pb={fullScreen ? '0' : NOTICE_CLEARANCE}
        minW="0"
      >
        <FullScreenProvider value={control}>
          <SWRConfig value={SWR_OPTIONS}>
            <SectionRoutes routes={routes} />
          </SWRConfig>
        </FullScreenProvider>
      </Box>
    </Flex>
  );
}

/**
 * Sends the session's "go to sign-in" (a failed refresh) through the router (shared-auth's
 * setNavigator), remembering the page so signing in comes back to it, as the host does.
 */
function SessionNavigator() {
  const navigate = useNavigate();
  const location = useLocation();
  useEffect(() => {
    const { pathname, search, hash } = location;
    setNavigator(
      (path, reason) =>
        void navigate(path, { replace: true, state: { from: { pathname, search, hash }, reason } }),
    );
    return () => setNavigator(null);
  }, [navigate, location]);
  return null;
}

function StandaloneRoutes({ title, basePath, routes, productName }: StandaloneOptions) {
  const base = `/${basePath.replace(/^\/+|\/+$/g, '')}`;
  return useRoutes([
    { path: '/login', element: <SignInPage productName={productName ?? title} /> },
    {
      path: `${base}/*`,
      element: (
        <RequireAuth loadingFallback={<FullPageSpinner />}>
          <StandaloneLayout title={title} routes={routes} />
        </RequireAuth>
      ),
    },
    { path: '*', element: <Navigate to={base} replace /> },
  ]);
}

/**
 * A remote's standalone shell: /login, the section under `basePath` (signed in only), anything else →
 * basePath. A declarative <BrowserRouter> like the host's (host/src/router.tsx), not a data router.
 */
export function StandaloneApp(options: StandaloneOptions) {
  return (
    <BrowserRouter basename={options.basename}>
      <SessionNavigator />
      <StandaloneRoutes {...options} />
    </BrowserRouter>
  );
}

/**
 * Starts a remote alone: configures the HTTP client, starts the session check and renders the
 * standalone shell (StandaloneApp) inside UiProvider into `rootElement` (default: #root).
 * @example renderStandalone({ title: 'Users', basePath: '/users', routes })
 */
export function renderStandalone(options: RenderStandaloneOptions): void;
export function renderStandalone(rootElement: Element, options: RenderStandaloneOptions): void;
export function renderStandalone(
  first: Element | RenderStandaloneOptions,
  second?: RenderStandaloneOptions,
): void {
  const [rootElement, options] =
    first instanceof Element ? [first, second] : [document.getElementById('root'), first];
  if (!rootElement) throw new Error('renderStandalone: the page has no #root element');
  if (!options) throw new Error('renderStandalone: options are required');

  configureHttp({ baseUrl: options.apiBaseUrl ?? window.location.origin, environment: options.environment });
  void initializeSession();

  createRoot(rootElement).render(
    <StrictMode>
      <UiProvider>
        <StandaloneApp {...options} />
      </UiProvider>
    </StrictMode>,
  );
}
