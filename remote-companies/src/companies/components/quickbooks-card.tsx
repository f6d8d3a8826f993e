import { useState } from 'react';
import { useCanManage } from 'shared-auth';
import type { Company } from 'shared-contracts';
import {
  Alert,
  Badge,
  Button,
  DetailList,
  DetailRow,
  HStack,
  SectionCard,
  Spinner,
  Stack,
  Text,
  notifyFailure,
} from 'shared-ui';
import { QB_DISCONNECTED_NOTICE } from 'shared-contracts';
import { ActionDialog, useRowAction } from 'shared-ui/dialog';
import { formatDateLong } from 'shared-ui/format';
import { useQbTokenStatus } from '../api/get-qb-token-status';
import { disconnectQb, refreshQbToken, startQbConnect } from '../api/mutations';
import { quickBooksCardView, type CardState } from './quickbooks-card-state';

export const CONNECTION_ISSUE_TEXT =
  'There was an error connecting to QuickBooks. Please check your credentials and try refreshing the token.';

const STATE_BADGES: Record<CardState, { label: string; palette: string }> = {
  checking: { label: 'Checking', palette: 'gray' },
  unable: { label: 'Unable to check', palette: 'red' },
  'not-connected': { label: 'Not connected', palette: 'gray' },
  'no-tokens': { label: 'No tokens', palette: 'orange' },
  expired: { label: 'Token expired', palette: 'red' },
  connected: { label: 'Connected', palette: 'green' },
};

/** The QuickBooks integration card with the six states, re-read every 30 seconds. */
export function QuickBooksCard({ company }: { company: Company }) {
  const canManage = useCanManage('companies');
  const connected = Boolean(company.qbRealmId);
  // Read only for a linked company.
  const { data: status, error, isLoading } = useQbTokenStatus(company.id, connected);
  const { busy: refreshing, run } = useRowAction();
  const [connecting, setConnecting] = useState(false);
  const [confirmDisconnect, setConfirmDisconnect] = useState(false);

  const { state, needsReconnect, connectIsPrimary, accessToken } = quickBooksCardView(company, {
    status,
    failed: Boolean(error),
    loading: isLoading,
  });
  const badge = STATE_BADGES[state];

  /** Starts the OAuth flow: the browser leaves for QuickBooks' consent page and comes back to the callback page. */
  async function connect() {
    setConnecting(true);
    try {
      const { authorizeUrl } = await startQbConnect(company.id);
      window.location.assign(authorizeUrl);
    } catch (connectError) {
      notifyFailure(connectError);
      setConnecting(false);
    }
  }

  const refresh = () => run(() => refreshQbToken(company.id), 'QuickBooks token refreshed successfully');

  return (
    <SectionCard
      title="QuickBooks integration"
      actions={
        <Badge colorPalette={badge.palette} variant="subtle" data-testid="qb-state">
          {state === 'checking' && <Spinner size="xs" me="1" />}
          {badge.label}
        </Badge>
      }
    >
      <Stack gap="4">
        {(state === 'expired' || state === 'unable' || needsReconnect) && (
          <Alert.Root status="error" variant="subtle">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>Connection issue</Alert.Title>
              <Alert.Description>{CONNECTION_ISSUE_TEXT}</Alert.Description>
            </Alert.Content>
          </Alert.Root>
        )}
        {state === 'not-connected' && (
          <Text fontSize="sm" color="fg">
            This company is not connected to QuickBooks Online.
          </Text>
        )}
        {state === 'no-tokens' && (
          <Text fontSize="sm" color="fg">
            A QuickBooks company is linked, but no access tokens are stored.
          </Text>
        )}
        <DetailList stacked>
          {connected && <DetailRow label="Realm ID">{company.qbRealmId}</DetailRow>}
          {/* The console renews the access token itself when it next calls QuickBooks: an hour's
              token about to expire (or just expired) is normal, not something to act on. */}
          {accessToken && <DetailRow label="Access token">{accessToken}</DetailRow>}
          {company.qbLastRefresh && (
            <DetailRow label="Last refreshed">{formatDateLong(company.qbLastRefresh)}</DetailRow>
          )}
        </DetailList>
        <HStack gap="3" wrap="wrap">
          {/* A manual renewal, secondary: the API renews by itself. */}
          {canManage && state === 'connected' && (
            <Button
              size="sm"
              variant="outline"
              loading={refreshing}
              loadingText="Refreshing..."
              onClick={() => void refresh()}
            >
              Refresh Token
            </Button>
          )}
          {canManage && needsReconnect && (
            <Button
              size="sm"
              colorPalette="blue"
              loading={connecting}
              loadingText="Redirecting..."
              onClick={() => void connect()}
            >
              Reconnect
            </Button>
          )}
          {/* Reconnect starts the same consent: not offered twice. */}
          {canManage && !needsReconnect && (
            <Button
              size="sm"
              variant={connectIsPrimary ? 'solid' : 'outline'}
              colorPalette={connectIsPrimary ? 'blue' : undefined}
              loading={connecting}
              loadingText="Redirecting..."
              onClick={() => void connect()}
            >
              Configure Connection
            </Button>
          )}
          {canManage && connected && (
            <Button size="sm" variant="outline" colorPalette="red" onClick={() => setConfirmDisconnect(true)}>
              Disconnect
            </Button>
          )}
        </HStack>
      </Stack>
      <ActionDialog
        open={confirmDisconnect}
        onOpenChange={setConfirmDisconnect}
        title="Disconnect QuickBooks"
        description={`Disconnect ${company.name} from QuickBooks? Its tokens are revoked at QuickBooks; its history is kept. Connecting again needs a new consent.`}
        confirmLabel="Disconnect"
        pendingLabel="Disconnecting..."
        destructive
        action={() => disconnectQb(company.id)}
        successMessage={QB_DISCONNECTED_NOTICE}
      />
    </SectionCard>
  );
}
