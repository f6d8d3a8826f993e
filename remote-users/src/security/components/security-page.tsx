import { useState } from 'react';
import { useLocation } from 'react-router-dom';
import { passkeysSupportedNow } from './passkey-support';
import {
  SECOND_FACTOR_ERRORS,
  SECOND_FACTOR_TEXT,
  secondFactorDutyText,
  type Factor,
  type FactorAdded,
} from 'shared-contracts';
import { Alert, Box, Button, HStack, PageHeader, SectionCard, Stack, Text, notifySuccess } from 'shared-ui';
import { ActionDialog } from 'shared-ui/dialog';
import { formatDateLong } from 'shared-ui/format';
import { RequestState } from 'shared-ui/record';
import { useSecurity } from '../api/get-security';
import { regenerateRecoveryCodes, removeFactor } from '../api/security-mutations';
import { AddAuthenticatorDialog } from './add-authenticator-dialog';
import { AddPasskeyDialog } from './add-passkey-dialog';
import { FACTOR_KIND_LABEL, FactorList } from './factor-list';
import { RecoveryCodesDialog } from './recovery-codes-dialog';

const plural = (count: number, one: string) => `${count} ${one}${count === 1 ? '' : 's'}`;

/**
 * /users/profile/security: the signed-in person's second factors (every role): add an authenticator
 * app or a passkey, see and remove them, and make new recovery codes. Removing and new codes ask for
 * a fresh factor (the console's step-up dialog), then go on by themselves.
 */
export function SecurityPage() {
  const security = useSecurity();
  const location = useLocation();
  // Sent here by the API's refusal (the navigation's state), or signed in with a recovery code (the
  // overview says so from the session's token, so a reload or a detour through sign-in keeps it).
  const sentToEnrol = (location.state as { mustEnrol?: unknown } | null)?.mustEnrol === true;
  const [adding, setAdding] = useState<'totp' | 'passkey' | null>(null);
  const [removing, setRemoving] = useState<Factor | null>(null);
  const [regenerating, setRegenerating] = useState(false);
  const [codes, setCodes] = useState<readonly string[] | null>(null);

  const added = (result: FactorAdded) => {
    notifySuccess(`${FACTOR_KIND_LABEL[result.factor.kind]} ${result.factor.name} added`);
    if (result.recoveryCodes) setCodes(result.recoveryCodes);
  };

  return (
    <Stack gap="6">
      <PageHeader
        title={SECOND_FACTOR_TEXT.securityTitle}
        description="Second factors keep your account yours when a password is not enough."
        breadcrumbs={[
          { label: 'My Profile', to: '/users/profile' },
          { label: SECOND_FACTOR_TEXT.securityTitle },
        ]}
        actions={
          <HStack gap="2" wrap="wrap">
            <Button colorPalette="blue" onClick={() => setAdding('totp')}>
              {SECOND_FACTOR_TEXT.addAuthenticator}
            </Button>
            {passkeysSupportedNow() ? (
              <Button variant="outline" onClick={() => setAdding('passkey')}>
                {SECOND_FACTOR_TEXT.addPasskey}
              </Button>
            ) : null}
          </HStack>
        }
      />
      <RequestState request={security} loadingText="Loading your second factors...">
        {(overview) => {
          // After a recovery code the person adds a new factor (their device is likely lost).
          const mustEnrol = sentToEnrol || overview.enrolAfterRecovery;
          const enrol = mustEnrol || (overview.required && overview.factors.length === 0);
          // Sent here to enrol while having factors: a recovery code was the last proof given.
          const text = !mustEnrol
            ? secondFactorDutyText(overview, formatDateLong)
            : overview.factors.length > 0
              ? SECOND_FACTOR_ERRORS.enrolAfterRecovery
              : SECOND_FACTOR_ERRORS.enrolmentRequired;
          return (
            <Stack gap="6">
              {text ? (
                <Alert.Root status={enrol ? 'warning' : 'info'} role={enrol ? 'alert' : 'status'}>
                  <Alert.Indicator />
                  <Alert.Content>
                    <Alert.Description>{text}</Alert.Description>
                  </Alert.Content>
                </Alert.Root>
              ) : null}
              <SectionCard
                title={SECOND_FACTOR_TEXT.factorsTitle}
                description="Asked for after your password, and again before actions that move money."
              >
                <FactorList factors={overview.factors} onRemove={setRemoving} />
              </SectionCard>
              <SectionCard
                title={SECOND_FACTOR_TEXT.recoveryCodesTitle}
                description="Each one signs you in once when you cannot use your second factors."
                actions={
                  overview.factors.length > 0 ? (
                    <Button size="sm" variant="outline" onClick={() => setRegenerating(true)}>
                      {SECOND_FACTOR_TEXT.regenerateCodes}
                    </Button>
                  ) : null
                }
              >
                <Box>
                  <Text data-testid="recovery-codes-left">
                    {overview.factors.length === 0
                      ? 'You get recovery codes with your first second factor.'
                      : `${plural(overview.recoveryCodesLeft, 'recovery code')} left.`}
                  </Text>
                </Box>
              </SectionCard>
            </Stack>
          );
        }}
      </RequestState>
      <AddAuthenticatorDialog
        open={adding === 'totp'}
        onOpenChange={(open) => setAdding(open ? 'totp' : null)}
        onAdded={added}
      />
      <AddPasskeyDialog
        open={adding === 'passkey'}
        onOpenChange={(open) => setAdding(open ? 'passkey' : null)}
        onAdded={added}
      />
      <ActionDialog
        open={removing !== null}
        onOpenChange={(open) => {
          if (!open) setRemoving(null);
        }}
        title={SECOND_FACTOR_TEXT.removeFactorTitle}
        description={`${removing?.name ?? 'This factor'} will no longer sign you in. Your other sessions are signed out.`}
        confirmLabel="Remove"
        pendingLabel="Removing..."
        destructive
        action={() => removeFactor(removing?.id ?? 0)}
        successMessage={`${removing?.name ?? 'Second factor'} removed`}
        failureMessage="The second factor could not be removed"
      />
      <ActionDialog
        open={regenerating}
        onOpenChange={setRegenerating}
        title={SECOND_FACTOR_TEXT.regenerateCodes}
        description="Your current recovery codes stop working, and ten new ones are shown once."
        confirmLabel="Make new codes"
        pendingLabel="Making..."
        action={async () => {
          const result = await regenerateRecoveryCodes();
          setCodes(result.recoveryCodes);
          return result;
        }}
        successMessage="New recovery codes made"
        failureMessage="New recovery codes could not be made"
      />
      <RecoveryCodesDialog codes={codes} onClose={() => setCodes(null)} />
    </Stack>
  );
}
