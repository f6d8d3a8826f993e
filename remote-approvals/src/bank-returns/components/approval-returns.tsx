import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useCanAdminister, useCanManage } from 'shared-auth';
import { BANK_RETURNS_PAGE_TEXT, type Approval } from 'shared-contracts';
import { Alert, Button, Link, SectionCard, Stack, Text } from 'shared-ui';
import { RequestState } from 'shared-ui/record';
import { useApprovalBankFile } from '../api/bank-files';
import { useBankSimulator } from '../api/simulator';
import { returnableEntries, returnedPayments } from '../bank-returns-model';
import { DownloadCsvButton } from './download-csv-button';
import { ReconciliationView } from './reconciliation-view';
import { SimulateReturnDialog } from './simulate-return-dialog';

const TEXT = BANK_RETURNS_PAGE_TEXT;

/** The approval's bank file, once it has one (every signed-in role may read it); null while none. */
function useReconciliation(approval: Approval) {
  const readable = approval.nachaFileGenerated;
  return { readable, request: useApprovalBankFile(approval.id, readable) };
}

/**
 * One line per bill the bank returned, 'Returned: R03 No account / unable to locate account —
 * $1,234.50 to Baker & Lane LLP', near the top of the approval's page: the money did not arrive.
 */
export function ReturnedPaymentsAlert({ approval }: { approval: Approval }) {
  const { readable, request } = useReconciliation(approval);
  const returned = readable && request.data ? returnedPayments(request.data.entries) : [];
  if (returned.length === 0) return null;
  return (
    <Alert.Root status="error" data-testid="returned-payments">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{TEXT.returnedAlertTitle(returned.length)}</Alert.Title>
        <Alert.Description>
          <Stack as="ul" gap="1" mt="1" listStyleType="none" ps="0">
            {returned.map((line) => (
              <Text as="li" key={line.billId} fontWeight="semibold">
                {line.text}
              </Text>
            ))}
          </Stack>
          <Text mt="2" textStyle="sm">
            {TEXT.returnedAlertHint}
          </Text>
        </Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}

/**
 * The approval's bank file reconciled (entries with their status, totals, the return files applied)
 * with its CSV; in the demo (simulator on) ADMIN can make the bank return bills of it.
 */
export function ReconciliationCard({ approval }: { approval: Approval }) {
  // The CSV and the Bank returns pages are for MODERATOR and up, as their routes are.
  const moderator = useCanManage('approvals');
  const admin = useCanAdminister('approvals');
  const { readable, request } = useReconciliation(approval);
  const simulator = useBankSimulator(admin && readable);
  const [simulating, setSimulating] = useState(false);
  if (!readable || request.data === null) return null;

  const file = request.data;
  const returnable = file ? returnableEntries(file.entries) : [];
  const canSimulate = admin && simulator.data?.available === true && returnable.length > 0;

  return (
    <SectionCard
      title={TEXT.reconciliation.title}
      description={TEXT.reconciliation.description}
      actions={
        file ? (
          <>
            {canSimulate ? (
              <Button size="sm" variant="outline" colorPalette="red" onClick={() => setSimulating(true)}>
                {TEXT.simulator.action}
              </Button>
            ) : null}
            {moderator ? <DownloadCsvButton file={file} /> : null}
          </>
        ) : null
      }
    >
      <RequestState request={request}>
        {(loaded) =>
          loaded ? (
            <Stack gap="4">
              <ReconciliationView file={loaded} />
              {moderator ? (
                <Link asChild color="blue.fg" alignSelf="flex-start">
                  <RouterLink to={`/approvals/bank-returns/files/${loaded.id}`}>
                    {TEXT.reconciliation.openFile}
                  </RouterLink>
                </Link>
              ) : null}
            </Stack>
          ) : null
        }
      </RequestState>
      {file && canSimulate ? (
        <SimulateReturnDialog
          approvalId={approval.id}
          entries={returnable}
          open={simulating}
          onOpenChange={setSimulating}
        />
      ) : null}
    </SectionCard>
  );
}
