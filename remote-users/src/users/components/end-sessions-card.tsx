import { useState } from 'react';
import { personName, type User } from 'shared-contracts';
import { Box, Button, SectionCard, Stack, Text } from 'shared-ui';
import { ActionDialog } from 'shared-ui/dialog';
import { endUserSessions } from '../api/end-sessions';

/**
 * An ADMIN ends every session of another person (a lost laptop, a person leaving, a sign-in that
 * looks wrong): their open consoles go to the sign-in page at their next request, and the audit
 * log records who did it. Shown only to an ADMIN looking at someone else.
 */
export function EndSessionsCard({ user }: { user: User }) {
  const [confirming, setConfirming] = useState(false);
  const name = personName(user);

  return (
    <SectionCard title="Sessions">
      <Stack gap="3">
        <Text fontSize="sm" color="fg.muted">
          Sign this person out everywhere: every browser signed in to the account must sign in again.
        </Text>
        <Box>
          <Button variant="outline" size="sm" colorPalette="red" onClick={() => setConfirming(true)}>
            End all sessions
          </Button>
        </Box>
      </Stack>
      <ActionDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="End all sessions"
        description={`${name} will be signed out of every browser at once and must sign in again. Their password is not changed.`}
        confirmLabel="End sessions"
        pendingLabel="Ending..."
        destructive
        action={() => endUserSessions(user.id)}
        successMessage={({ ended }) =>
          ended === 0
            ? `${name} had no session signed in`
            : `${ended} session${ended === 1 ? '' : 's'} of ${name} ended`
        }
        failureMessage="The sessions could not be ended"
      />
    </SectionCard>
  );
}
