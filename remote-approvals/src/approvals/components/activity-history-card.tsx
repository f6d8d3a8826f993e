import type { Approval } from 'shared-contracts';
import { Box, Flex, SectionCard, Stack, Text } from 'shared-ui';
import { formatDateLong } from 'shared-ui/format';
import { useApprovalHistory } from '../api/get-approval';
import { HistoryDownloadLink } from './nacha-card';
import { personLabel as person } from './person-label';

/** What happened to the approval, newest first, with the bank files to download again. */
export function ActivityHistoryCard({ approval }: { approval: Approval }) {
  const history = useApprovalHistory(approval.id);
  if (!history.data || history.data.length === 0) return null;
  return (
    <SectionCard title="Activity History">
      <Stack as="ol" gap="3" listStyleType="none">
        {history.data.map((entry) => (
          <Box as="li" key={entry.id} borderLeftWidth="3px" borderColor="blue.muted" pl="3">
            <Flex justify="space-between" gap="2" wrap="wrap">
              <Text fontWeight="semibold">{entry.action}</Text>
              <Text textStyle="xs" color="fg.muted">
                {formatDateLong(entry.timestamp)}
              </Text>
            </Flex>
            <Text textStyle="sm" color="fg.muted">
              {person(entry.userName, entry.userEmail)}
            </Text>
            {entry.details && <Text textStyle="sm">{entry.details}</Text>}
            {entry.downloadUrl && <HistoryDownloadLink approval={approval} url={entry.downloadUrl} />}
          </Box>
        ))}
      </Stack>
    </SectionCard>
  );
}
