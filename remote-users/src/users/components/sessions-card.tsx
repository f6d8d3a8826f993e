import { useState } from 'react';
import type { Session } from 'shared-contracts';
import { Badge, Box, Button, Flex, HStack, SectionCard, Stack, Text } from 'shared-ui';
import { useRowAction } from 'shared-ui/dialog';
import { formatDateLong, formatRelative } from 'shared-ui/format';
import { RequestState } from 'shared-ui/record';
import { endOtherSessions, endSession } from '../api/end-sessions';
import { useSessions } from '../api/get-sessions';

const plural = (count: number, one: string) => `${count} ${one}${count === 1 ? '' : 's'}`;

/**
 * "Sessions" on the profile page: every browser signed in to this account (device, address,
 * signing in and last use), this one marked, each other one with its own Sign out, and "Sign out
 * other sessions" for a device left signed in or a sign-in that was not the person's.
 */
export function SessionsCard() {
  const sessions = useSessions();
  // The session being signed out ('others': all of them), so only its button spins.
  const [ending, setEnding] = useState<string | null>(null);
  const { run } = useRowAction();
  const list = sessions.data;
  const others = list ? list.total - (list.sessions.some((s) => s.current) ? 1 : 0) : 0;

  async function end<T>(key: string, action: () => Promise<T>, success: (result: T) => string) {
    setEnding(key);
    await run(action, success, { failure: 'The session could not be signed out' });
    setEnding(null);
  }

  const signOutOthers = () =>
    end('others', endOtherSessions, ({ ended }) =>
      ended === 0 ? 'No other session was signed in' : `${plural(ended, 'other session')} signed out`,
    );
  const signOut = (session: Session) =>
    end(
      session.id,
      () => endSession(session.id),
      () => `${session.device} signed out`,
    );

  return (
    <SectionCard
      title="Sessions"
      description="Where your account is signed in. Signing a session out ends it at once."
      actions={
        <Button
          size="sm"
          variant="outline"
          colorPalette="red"
          disabled={others === 0 || (ending !== null && ending !== 'others')}
          loading={ending === 'others'}
          onClick={() => void signOutOthers()}
        >
          Sign out other sessions
        </Button>
      }
    >
      <RequestState request={sessions} loadingText="Loading sessions...">
        {(list) => (
          <Stack as="ul" gap="3" listStyleType="none" aria-label="Your sessions">
            {list.sessions.map((session) => (
              <SessionItem
                key={session.id}
                session={session}
                busy={ending === session.id}
                disabled={ending !== null}
                onSignOut={() => void signOut(session)}
              />
            ))}
            {list.total > list.sessions.length && (
              <Text as="li" fontSize="sm" color="fg.muted">
                {`The ${list.sessions.length} most recently used of ${list.total} sessions.`}
              </Text>
            )}
          </Stack>
        )}
      </RequestState>
    </SectionCard>
  );
}

function SessionItem({
  session,
  busy,
  disabled,
  onSignOut,
}: {
  session: Session;
  busy: boolean;
  disabled: boolean;
  onSignOut: () => void;
}) {
  return (
    <Box as="li" borderWidth="1px" borderRadius="l2" p="3" aria-label={session.device}>
      <Flex gap="3" justify="space-between" align={{ base: 'stretch', sm: 'center' }} wrap="wrap">
        <Stack gap="1" minW="0">
          <HStack gap="2" wrap="wrap">
            <Text fontWeight="semibold" title={session.userAgent ?? undefined}>
              {session.device}
            </Text>
            {session.current && (
              <Badge colorPalette="green" variant="subtle">
                This session
              </Badge>
            )}
          </HStack>
          <Text fontSize="sm" color="fg.muted">
            {`IP ${session.ip ?? 'unknown'} · signed in ${formatDateLong(session.signedInAt)}`}
          </Text>
          <Text fontSize="sm" color="fg.muted">
            {/* This one answers the request that read the list: it is in use now, whenever it last refreshed. */}
            {session.current
              ? 'In use now'
              : `Last used ${formatRelative(session.lastUsedAt)} ago (${formatDateLong(session.lastUsedAt)})`}
          </Text>
        </Stack>
        {!session.current && (
          <Button
            size="sm"
            variant="outline"
            aria-label={`Sign out ${session.device}, last used ${formatRelative(session.lastUsedAt)} ago`}
            loading={busy}
            disabled={disabled && !busy}
            onClick={onSignOut}
          >
            Sign out
          </Button>
        )}
      </Flex>
    </Box>
  );
}
