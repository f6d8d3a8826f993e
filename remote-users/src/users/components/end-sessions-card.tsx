import { useState } from 'react';
import { errorMessage } from 'shared-auth';
import type { User } from 'shared-contracts';
import { Box, Button, SectionCard, Stack, Text, notifyError, notifySuccess } from 'shared-ui';
import { ConfirmDialog } from 'shared-ui/dialog';
import { endUserSessions } from '../api/end-sessions';
import { fullName } from '../user-text';

/**
 * An ADMIN ends every session of another person (a lost laptop, a person leaving, a sign-in that
 * looks wrong): their open consoles go to the sign-in page at their next request, and the audit
 * log records who did it. Shown only to an ADMIN looking at someone else.
 */
export function EndSessionsCard({ user }: { user: User }) {
  const [confirming, setConfirming] = useState(false);
  const [ending, setEnding] = useState(false);

  async function end() {
    setEnding(true);
    try {
      const { ended } = await endUserSessions(user.id);
      notifySuccess(
        ended === 0
          ? `${fullName(user)} had no session signed in`
          : `${ended} session${ended === 1 ? '' : 's'} of ${fullName(user)} ended`,
      );
      setConfirming(false);
    } catch (error) {
      notifyError(errorMessage(error, 'The sessions could not be ended'));
    } finally {
      setEnding(false);
    }
  }

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
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="End all sessions"
        description={`${fullName(user)} will be signed out of every browser at once and must sign in again. Their password is not changed.`}
        confirmLabel="End sessions"
        pendingLabel="Ending..."
        destructive
        isPending={ending}
        onConfirm={() => void end()}
      />
    </SectionCard>
  );
}
