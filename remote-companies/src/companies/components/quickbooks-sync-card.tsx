import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { errorMessage, useCanManage } from 'shared-auth';
import { QB_SYNC_STARTED_NOTICE, type Company } from 'shared-contracts';
import {
  Alert,
  Badge,
  Button,
  DetailList,
  DetailRow,
  HStack,
  Link,
  SectionCard,
  Spinner,
  Stack,
  Text,
} from 'shared-ui';
import { useRowAction } from 'shared-ui/dialog';
import { formatDateLong } from 'shared-ui/format';
import { useQbSync } from '../api/get-qb-sync';
import { startQbSync } from '../api/mutations';

const EAGER_POLL_MS = 120_000;

/** The QuickBooks sync panel: what the import did last and when it runs next; 'Sync now' for MODERATOR and ADMIN. */
export function QuickBooksSyncCard({ company }: { company: Company }) {
  const canSync = useCanManage('companies');
  const connected = Boolean(company.qbRealmId) && company.qbConnectionStatus === 'connected';
  const { busy: starting, run } = useRowAction();
  /** When 'Sync now' was clicked: the queued job starts within seconds, so the panel looks often. */
  const [requestedAt, setRequestedAt] = useState<number | null>(null);
  const eager = requestedAt !== null && Date.now() - requestedAt < EAGER_POLL_MS;
  const { data: sync, error } = useQbSync(company.id, Boolean(company.qbRealmId), eager);
  if (!company.qbRealmId) return null;

  const syncNow = () =>
    run(async () => {
      await startQbSync(company.id);
      setRequestedAt(Date.now());
    }, QB_SYNC_STARTED_NOTICE);

  return (
    <SectionCard
      title="QuickBooks sync"
      actions={
        sync?.running ? (
          <Badge colorPalette="blue" variant="subtle" data-testid="qb-sync-state">
            <Spinner size="xs" me="1" />
            Syncing
          </Badge>
        ) : null
      }
    >
      <Stack gap="4">
        {error && (
          <Text fontSize="sm" color="red.fg">
            Error loading the sync: {errorMessage(error)}
          </Text>
        )}
        {sync?.lastError && (
          <Alert.Root status="warning" variant="subtle">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>
                Last error{sync.lastErrorAt ? ` (${formatDateLong(sync.lastErrorAt)})` : ''}
              </Alert.Title>
              <Alert.Description>{sync.lastError}</Alert.Description>
            </Alert.Content>
          </Alert.Root>
        )}
        <DetailList stacked>
          <DetailRow label="Last sync">
            {sync?.lastSyncAt ? formatDateLong(sync.lastSyncAt) : 'Never'}
          </DetailRow>
          {/* Imported figures apart from the company's whole queue: approvals entered by hand wait
              too, and a company that never synced still has them. */}
          <DetailRow label="Bills imported from QuickBooks">
            <span data-testid="qb-bills-imported">{sync?.billsImported ?? 0}</span>
          </DetailRow>
          <DetailRow label="Imported bills waiting for approval">{sync?.billsWaiting ?? 0}</DetailRow>
          <DetailRow label="Approvals waiting (all sources)">
            {sync && sync.approvalsWaiting > 0 ? (
              <Link asChild color="blue.fg">
                <RouterLink to={`/approvals?companyId=${company.id}&status=PENDING`}>
                  {sync.approvalsWaiting}
                </RouterLink>
              </Link>
            ) : (
              (sync?.approvalsWaiting ?? 0)
            )}
          </DetailRow>
          <DetailRow label="Next run">
            {sync?.running
              ? 'Running now'
              : sync?.nextRunAt
                ? formatDateLong(sync.nextRunAt)
                : 'After the first Sync now'}
          </DetailRow>
        </DetailList>
        {canSync && (
          <HStack>
            <Button
              size="sm"
              colorPalette="blue"
              loading={starting}
              loadingText="Starting..."
              disabled={!connected || sync?.running}
              onClick={() => void syncNow()}
            >
              Sync now
            </Button>
          </HStack>
        )}
      </Stack>
    </SectionCard>
  );
}
