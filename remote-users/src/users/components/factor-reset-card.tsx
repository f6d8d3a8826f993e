import { useState } from 'react';
import { errorMessage, useSession } from 'shared-auth';
import {
  FACTOR_RESET_TEXT,
  factorSummary,
  personName,
  type FactorResetState,
  type User,
} from 'shared-contracts';
import { Badge, Box, Button, HStack, SectionCard, Stack, Text } from 'shared-ui';
import { ActionDialog } from 'shared-ui/dialog';
import { formatDateLong } from 'shared-ui/format';
import { RequestState } from 'shared-ui/record';
import {
  cancelFactorReset,
  confirmFactorReset,
  requestFactorReset,
  useFactorReset,
} from '../api/factor-reset';

type Dialog = 'ask' | 'confirm' | 'cancel' | null;

/**
 * Another person's second factors, for an ADMIN (not shown on one's own page: one's own are on the
 * Security page, and nobody resets their own). Resetting them takes two ADMINs: one asks, a second
 * confirms, which deletes every factor and recovery code and signs the person out everywhere;
 * either may cancel meanwhile. The server enforces all of it; this card only offers what fits.
 */
export function FactorResetCard({ user }: { user: User }) {
  const state = useFactorReset(user.id, true);
  return (
    <SectionCard title={FACTOR_RESET_TEXT.title}>
      <RequestState request={state} loadingText="Loading second factors...">
        {(data) => <FactorResetBody user={user} state={data} />}
      </RequestState>
    </SectionCard>
  );
}

function FactorResetBody({ user, state }: { user: User; state: FactorResetState }) {
  const { user: me } = useSession();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const name = personName(user);
  const { pending } = state;
  const askedByMe = pending !== null && pending.requestedBy.id === me?.id;
  const hasSomething = state.factors > 0 || state.recoveryCodesLeft > 0;

  const dialogProps = (which: Exclude<Dialog, null>) => ({
    open: dialog === which,
    onOpenChange: (open: boolean) => setDialog(open ? which : null),
  });
  // The toast says it too; kept in the card until the next try, so it is not missed.
  const keepingFailure =
    <T,>(action: () => Promise<T>) =>
    async () => {
      setFailure(null);
      try {
        return await action();
      } catch (error) {
        setFailure(errorMessage(error));
        throw error;
      }
    };

  return (
    <Stack gap="3">
      <HStack gap="2" flexWrap="wrap">
        <Badge colorPalette={state.factors > 0 ? 'green' : 'gray'} variant="subtle">
          {state.factors > 0
            ? `${state.factors} second factor${state.factors === 1 ? '' : 's'}`
            : 'No second factors'}
        </Badge>
      </HStack>
      <Text fontSize="sm" color="fg.muted">
        {factorSummary(state)}
      </Text>

      {pending ? (
        <Box
          role="group"
          aria-label="Reset waiting for confirmation"
          borderWidth="1px"
          borderColor="orange.muted"
          bg="orange.subtle"
          borderRadius="md"
          p="3"
        >
          <Stack gap="2">
            <Text fontSize="sm" fontWeight="medium">
              {FACTOR_RESET_TEXT.waiting(pending.requestedBy.name, formatDateLong(pending.requestedAt))}
            </Text>
            {askedByMe && <Text fontSize="sm">{FACTOR_RESET_TEXT.waitingForSecond}</Text>}
            <HStack gap="2" flexWrap="wrap">
              {!askedByMe && (
                <Button size="sm" colorPalette="red" onClick={() => setDialog('confirm')}>
                  {FACTOR_RESET_TEXT.confirm}
                </Button>
              )}
              <Button size="sm" variant="outline" onClick={() => setDialog('cancel')}>
                {FACTOR_RESET_TEXT.cancel}
              </Button>
            </HStack>
          </Stack>
        </Box>
      ) : (
        hasSomething && (
          <Box>
            <Button variant="outline" size="sm" colorPalette="red" onClick={() => setDialog('ask')}>
              {FACTOR_RESET_TEXT.reset}
            </Button>
          </Box>
        )
      )}

      {failure && (
        <Text role="alert" fontSize="sm" color="fg.error">
          {failure}
        </Text>
      )}

      <ActionDialog
        {...dialogProps('ask')}
        title={FACTOR_RESET_TEXT.askTitle}
        description={FACTOR_RESET_TEXT.askBody(name)}
        confirmLabel={FACTOR_RESET_TEXT.ask}
        pendingLabel="Asking..."
        destructive
        action={keepingFailure(() => requestFactorReset(user.id))}
        successMessage={FACTOR_RESET_TEXT.asked}
        failureMessage={FACTOR_RESET_TEXT.askFailed}
      />
      {pending && (
        <>
          <ActionDialog
            {...dialogProps('confirm')}
            title={FACTOR_RESET_TEXT.confirmTitle}
            description={FACTOR_RESET_TEXT.confirmBody(name, pending.requestedBy.name)}
            confirmLabel={FACTOR_RESET_TEXT.confirm}
            pendingLabel="Resetting..."
            destructive
            action={keepingFailure(() => confirmFactorReset(user.id, pending.id))}
            successMessage={FACTOR_RESET_TEXT.confirmed(name)}
            failureMessage={FACTOR_RESET_TEXT.confirmFailed}
          />
          <ActionDialog
            {...dialogProps('cancel')}
            title={FACTOR_RESET_TEXT.cancelTitle}
            description={FACTOR_RESET_TEXT.cancelBody}
            confirmLabel={FACTOR_RESET_TEXT.cancel}
            cancelLabel={FACTOR_RESET_TEXT.keep}
            pendingLabel="Cancelling..."
            action={keepingFailure(() => cancelFactorReset(user.id, pending.id))}
            successMessage={FACTOR_RESET_TEXT.cancelled}
            failureMessage={FACTOR_RESET_TEXT.cancelFailed}
          />
        </>
      )}
    </Stack>
  );
}
