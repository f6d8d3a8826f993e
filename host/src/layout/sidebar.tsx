import { NavLink, useLocation, useNavigate } from 'react-router-dom';
import { useAuth } from 'shared-auth';
import { personName } from 'shared-contracts';
import { Badge, Box, Button, Flex, Link, Stack, Text } from 'shared-ui';
import { useWaitingCount } from '../dashboard/api/get-dashboard-stats';
import { SearchButton } from '../command-palette/palette-launcher';
import { LiveIndicator } from './live-indicator';
import { ThemeChoiceButtons } from './theme-choice';
import { NavIcon } from './icons';
import { activeNavPath, navItemsFor, userInitial } from './nav-items';

/** Brand, the five entries, and the signed-in user with the theme choice and Sign out. */
export function SidebarContent({ onNavigate }: { onNavigate?: () => void }) {
  const { user, logout } = useAuth();
  const location = useLocation();
  const navigate = useNavigate();
  const navItems = navItemsFor(user?.role);
  const activePath = activeNavPath(navItems, location.pathname);

  async function signOut() {
    await logout();
    navigate('/login', { replace: true });
  }

  return (
    <Flex direction="column" h="full" w="full">
      <Box px="5" py="5" borderBottomWidth="1px" borderColor="border">
        <Text fontWeight="bold" fontSize="lg" color="fg">
          Admin Panel
        </Text>
        <Text fontSize="xs" color="fg.muted">
          Bill approval platform
        </Text>
        <Box mt="4">
          <SearchButton />
        </Box>
      </Box>
      <Box as="nav" aria-label="Main" flex="1" px="3" py="4" overflowY="auto">
        <Stack as="ul" gap="1" listStyleType="none" m="0" p="0">
          {navItems.map((item) => {
            const active = item.path === activePath;
            return (
              <li key={item.path}>
                <Flex
                  asChild
                  align="center"
                  gap="3"
                  px="3"
                  py="2"
                  borderRadius="md"
                  fontWeight="medium"
                  fontSize="sm"
                  color={active ? 'blue.fg' : 'fg.muted'}
                  bg={active ? 'blue.subtle' : 'transparent'}
                  _hover={{ bg: active ? 'blue.subtle' : 'bg.muted', color: active ? 'blue.fg' : 'fg' }}
                  _focusVisible={{
                    outline: '2px solid',
                    outlineColor: 'blue.focusRing',
                    outlineOffset: '2px',
                  }}
                >
                  <NavLink to={item.path} onClick={onNavigate} aria-current={active ? 'page' : undefined}>
                    <NavIcon name={item.icon} />
                    {item.label}
                    {item.badge === 'waiting' && <WaitingBadge />}
                  </NavLink>
                </Flex>
              </li>
            );
          })}
        </Stack>
      </Box>
      {user && (
        <Box px="4" py="4" borderTopWidth="1px" borderColor="border">
          <LiveIndicator />
          <Flex align="center" gap="3" mb="3" minW={0}>
            <Flex
              aria-hidden="true"
              align="center"
              justify="center"
              flexShrink={0}
              boxSize="9"
              borderRadius="full"
              bg="blue.solid"
              color="blue.contrast"
              fontWeight="bold"
            >
              {userInitial(user)}
            </Flex>
            <Box minW={0}>
              {/* The user's own profile (name and password), served by the users section. */}
              <Link asChild fontSize="sm" fontWeight="semibold" color="fg" display="block" truncate>
                <NavLink
                  to="/users/profile"
                  onClick={onNavigate}
                  aria-label={`My profile: ${personName(user)}`}
                >
                  <span data-testid="sidebar-user-name">{personName(user)}</span>
                </NavLink>
              </Link>
              <Text fontSize="xs" color="fg.muted" data-testid="sidebar-user-role">
                {user.role}
              </Text>
            </Box>
          </Flex>
          <ThemeChoiceButtons />
          <Button variant="outline" size="sm" w="full" onClick={() => void signOut()}>
            <NavIcon name="signOut" />
            Sign out
          </Button>
        </Box>
      )}
    </Flex>
  );
}

/**
 * How many approvals wait for the signed-in person's decision, beside Inbox (where they are
 * decided). Hidden from the link's accessible name (which stays 'Inbox'); the dashboard card and
 * the inbox's 'Waiting for me' tab say the same in words.
 */
function WaitingBadge() {
  const { data } = useWaitingCount();
  if (!data || data.count === 0) return null;
  return (
    <Badge
      ml="auto"
      colorPalette="orange"
      size="sm"
      aria-hidden="true"
      data-testid="waiting-badge"
      title="Waiting for me"
    >
      {data.count.toLocaleString('en-US')}
      {data.capped ? '+' : ''}
    </Badge>
  );
}
