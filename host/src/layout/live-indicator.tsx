import { useLiveState, type LiveState } from 'shared-auth';
import { Box, Flex, Text } from 'shared-ui';

const LABELS: Record<LiveState, string> = {
  off: 'Offline',
  connecting: 'Connecting…',
  live: 'Live',
  reconnecting: 'Reconnecting…',
  offline: 'Offline',
};

const COLOURS: Record<LiveState, string> = {
  off: 'gray.400',
  connecting: 'orange.400',
  live: 'green.500',
  reconnecting: 'orange.400',
  offline: 'gray.400',
};

/**
 * Whether other people's changes reach this screen as they happen. Said in words (the dot only
 * repeats it); offline blocks nothing, the screens then update on the user's own actions.
 */
export function LiveIndicator() {
  const state = useLiveState();
  return (
    <Flex align="center" gap="2" mb="3" role="status" data-testid="live-indicator" data-state={state}>
      <Box aria-hidden="true" boxSize="2" borderRadius="full" bg={COLOURS[state]} flexShrink={0} />
      <Text fontSize="xs" color="fg.muted">
        Updates: {LABELS[state]}
      </Text>
    </Flex>
  );
}
