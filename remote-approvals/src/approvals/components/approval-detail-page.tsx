import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { useHasRole, useSession } from 'shared-auth';
import {
  APPROVAL_ERRORS,
  APPROVAL_ORIGIN_LABELS,
  DUPLICATE_WINDOW_DAYS,
  approvalManagerLabel,
  isDeletableApprovalStatus,
  parseApprovalRouteId,
  parseBills,
  shortApprovalId,
  type Approval,
  type Bill,
  type DuplicateBill,
} from 'shared-contracts';
import {
  Alert,
  Badge,
  Box,
  Button,
  DetailList,
  DetailRow,
  Flex,
  HStack,
  Link,
  PageHeader,
  PriorityBadge,
  SectionCard,
  SimpleGrid,
  Stack,
  StatusBadge,
  Text,
  TruncatedText,
  notifyInfo,
} from 'shared-ui';
import { usePageCommands } from 'shared-ui/commands';
import { ShortcutsHelpButton, ShortcutsHelpDialog } from 'shared-ui/dialog';
import { formatDate, formatDateLong, formatRelative, formatUsd } from 'shared-ui/format';
import { HELP_KEYS, useShortcuts } from 'shared-ui/keyboard';
import { RecordFailurePage, RouteRecord } from 'shared-ui/record';
import { Table } from 'shared-ui/table';
import { useApproval, useApprovalHistory } from '../api/get-approval';
import { ApprovalChainCard } from './approval-chain-card';
import { ApproveDialog } from './approve-dialog';
import { useDecision } from './use-decision';
import { decidedNotice } from '../decided-elsewhere';
import { DeleteApprovalDialog } from './delete-approval-dialog';
import { HistoryDownloadLink, NachaCard } from './nacha-card';
import { PaymentAccountsCard } from './payment-accounts-card';
import { QbChangesAlert, QbPaymentsCard } from './quickbooks-cards';
import { RejectDialog } from './reject-dialog';
import { DETAIL_SHORTCUTS } from '../keyboard-shortcuts';

/**
 * A person as the approval page names them: the name they chose, and the e-mail of their account,
 * which they cannot make look like someone else's.
 */
const person = (name: string | null, email: string | null | undefined) =>
  email && email !== name ? `${name ?? email} (${email})` : (name ?? email ?? '');

/** /approvals/{id}: one approval, its bills, payment accounts, history and the decisions. */
export function ApprovalDetailPage() {
  return (
    <RouteRecord
      useRecord={useApproval}
      parseId={parseApprovalRouteId}
      renderFailure={(failure) => (
        <RecordFailurePage
          header={{
            title: 'Approval',
            breadcrumbs: [{ label: 'Approvals', to: '/approvals' }, { label: 'Not found' }],
          }}
          title={failure.notFound ? APPROVAL_ERRORS.notFound : undefined}
          message={failure.notFound ? APPROVAL_ERRORS.notFound : `Error loading approval: ${failure.message}`}
          onRetry={failure.retry}
        />
      )}
    >
      {(approval, request) => (
        <ApprovalDetail
          approval={approval}
          refreshing={request.isValidating ?? false}
          onRefresh={() => void request.mutate()}
        />
      )}
    </RouteRecord>
  );
}

function ApprovalDetail({
  approval,
  refreshing,
  onRefresh,
}: {
  approval: Approval;
  refreshing: boolean;
  onRefresh: () => void;
}) {
  const navigate = useNavigate();
  const { user } = useSession();
  // An account a MODERATOR registered decides nothing until an ADMIN allows it (the API refuses too).
  const hasRole = useHasRole('USER');
  const canDecide = hasRole && user?.mayDecidePayments !== false;
  const isAdmin = useHasRole('ADMIN');
  const history = useApprovalHistory(approval.id);
  const [dialog, setDialog] = useState<'approve' | 'reject' | 'delete' | null>(null);
  const decision = useDecision(approval.id, () => setDialog(null));
  const busy = decision.busy;
  const bills = parseBills(approval.bills);
  const approvedBills = parseBills(approval.approvedBills);
  const pending = approval.status === 'PENDING';
  const isCreator = user !== null && user !== undefined && approval.createdById === user.id;
  const short = shortApprovalId(approval.id);
  const [helpOpen, setHelpOpen] = useState(false);
  const mayApprove = pending && canDecide && !isCreator;
  const mayReject = pending && canDecide;

  // The same dialogs as the header's buttons; a key whose button is not shown does nothing.
  useShortcuts({
    a: () => (mayApprove ? setDialog('approve') : false),
    r: () => (mayReject ? setDialog('reject') : false),
    ...Object.fromEntries(HELP_KEYS.map((keys) => [keys, () => setHelpOpen(true)])),
  });

  // The page's decisions in the command palette, offered exactly when their buttons are.
  usePageCommands([
    ...(mayApprove
      ? [{ id: 'approve', label: 'Approve', keywords: ['accept'], run: () => setDialog('approve') }]
      : []),
    ...(mayReject
      ? [{ id: 'reject', label: 'Reject', keywords: ['decline'], run: () => setDialog('reject') }]
      : []),
    ...(isAdmin && isDeletableApprovalStatus(approval.status)
      ? [{ id: 'delete', label: 'Delete approval', keywords: ['remove'], run: () => setDialog('delete') }]
      : []),
  ]);

  // Decided by someone else while this page was open (the live stream re-read it): say who, and
  // close a decision dialog that can no longer succeed, instead of letting it end in a 409.
  const shownStatus = useRef(approval.status);
  useEffect(() => {
    const before = shownStatus.current;
    shownStatus.current = approval.status;
    // While this reviewer's own decision is on its way, the outcome speaks for itself.
    if (before !== 'PENDING' || approval.status === 'PENDING' || busy) return;
    setDialog((open) => (open === 'approve' || open === 'reject' ? null : open));
    const deciderId = approval.status === 'APPROVED' ? approval.approvedById : approval.rejectedById;
    const notice = decidedNotice(approval);
    if (notice && deciderId !== user?.id) notifyInfo(notice);
  }, [approval, busy, user?.id]);

  const decisionBar = pending && canDecide;

  return (
    // Room under the last card for the phone's fixed decision bar.
    <Stack gap="6" pb={decisionBar ? { base: '20', md: '0' } : undefined}>
      <PageHeader
        title={`Approval #${short}`}
        breadcrumbs={[{ label: 'Approvals', to: '/approvals' }, { label: `#${short}` }]}
        description={
          <HStack gap="2" wrap="wrap" as="span">
            <StatusBadge status={approval.status} />
            <PriorityBadge priority={approval.priority} />
            <Badge colorPalette={approval.origin === 'MANUAL' ? 'purple' : 'teal'} variant="outline">
              {APPROVAL_ORIGIN_LABELS[approval.origin]}
            </Badge>
            <Text as="span" color="fg.muted" title={formatDateLong(approval.createdAt)}>
              Created {formatRelative(approval.createdAt)} ago
            </Text>
          </HStack>
        }
        actions={
          <HStack gap="2" wrap="wrap">
            <ShortcutsHelpButton onClick={() => setHelpOpen(true)} />
            <Button variant="outline" loading={refreshing} onClick={onRefresh}>
              Refresh
            </Button>
            {decisionBar && (
              // On a phone the decision stays in reach wherever the page is scrolled: the same buttons,
              // fixed to the bottom of the screen (above the notices' clearance, below the menus).
              <HStack
                data-testid="decision-bar"
                gap="2"
                position={{ base: 'fixed', md: 'static' }}
                insetX={{ base: '0', md: 'auto' }}
                bottom={{ base: '0', md: 'auto' }}
                zIndex={{ base: '30', md: 'auto' }}
                bg={{ base: 'bg', md: 'transparent' }}
                borderTopWidth={{ base: '1px', md: '0' }}
                borderColor="border"
                px={{ base: '4', md: '0' }}
                py={{ base: '3', md: '0' }}
                boxShadow={{ base: 'md', md: 'none' }}
              >
                {!isCreator && (
                  <Button
                    colorPalette="green"
                    flex={{ base: '1', md: 'none' }}
                    onClick={() => setDialog('approve')}
                  >
                    Approve
                  </Button>
                )}
                <Button
                  colorPalette="red"
                  variant="outline"
                  flex={{ base: '1', md: 'none' }}
                  onClick={() => setDialog('reject')}
                >
                  Reject
                </Button>
              </HStack>
            )}
            {isAdmin && isDeletableApprovalStatus(approval.status) && (
              <Button colorPalette="red" variant="ghost" onClick={() => setDialog('delete')}>
                Delete
              </Button>
            )}
          </HStack>
        }
      />

      {pending && hasRole && !canDecide && (
        <Alert.Root status="info">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>You cannot decide this request</Alert.Title>
            <Alert.Description>{APPROVAL_ERRORS.mayNotDecide}.</Alert.Description>
          </Alert.Content>
        </Alert.Root>
      )}

      {pending && canDecide && isCreator && (
        <Alert.Root status="info">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>You cannot approve this request</Alert.Title>
            <Alert.Description>
              You created this approval, so someone else must approve it (segregation of duties). You can
              still reject it.
            </Alert.Description>
          </Alert.Content>
        </Alert.Root>
      )}

      <QbChangesAlert approval={approval} canDecide={canDecide && !isCreator} />
      {(approval.duplicates?.length ?? 0) > 0 && (
        <DuplicatesCard approval={approval} bills={bills} duplicates={approval.duplicates!} />
      )}

      <SimpleGrid columns={{ base: 1, lg: 2 }} gap="6" alignItems="start">
        <SectionCard title="Company & Assignment">
          <DetailList>
            <DetailRow label="Company">
              <TruncatedText lines={2}>
                <Link asChild color="blue.fg">
                  <RouterLink to={`/companies/${approval.companyId}`}>
                    {approval.company?.name || approval.companyName || approval.companyId}
                  </RouterLink>
                </Link>
              </TruncatedText>
            </DetailRow>
            <DetailRow label="Company ID">{approval.companyId}</DetailRow>
            <DetailRow label="Manager">
              <TruncatedText lines={2}>{approvalManagerLabel(approval)}</TruncatedText>
            </DetailRow>
            <DetailRow label="Manager email">{approval.managerEmail}</DetailRow>
          </DetailList>
        </SectionCard>

        {approval.stepCount > 0 && <ApprovalChainCard approval={approval} />}

        <SectionCard title="Timeline">
          <DetailList>
            <DetailRow label="Created">
              {formatDateLong(approval.createdAt)}
              {approval.createdBy ? ` by ${person(approval.createdBy, approval.createdByEmail)}` : ''}
            </DetailRow>
            {approval.approvalDate && (
              <DetailRow label="Approved">
                {formatDateLong(approval.approvalDate)}
                {approval.approvedBy ? ` by ${person(approval.approvedBy, approval.approvedByEmail)}` : ''}
              </DetailRow>
            )}
            {approval.rejectionDate && (
              <DetailRow label="Rejected">
                {formatDateLong(approval.rejectionDate)}
                {approval.rejectedBy ? ` by ${person(approval.rejectedBy, approval.rejectedByEmail)}` : ''}
              </DetailRow>
            )}
            <DetailRow label="Last updated">{formatDateLong(approval.updatedAt)}</DetailRow>
          </DetailList>
        </SectionCard>
      </SimpleGrid>

      {approval.status === 'REJECTED' && approval.rejectionReason && (
        <SectionCard title="Rejection Details">
          <DetailList>
            <DetailRow label="Rejected by">{person(approval.rejectedBy, approval.rejectedByEmail)}</DetailRow>
            <DetailRow label="Date">{formatDateLong(approval.rejectionDate)}</DetailRow>
            <DetailRow label="Reason">
              <Text whiteSpace="pre-wrap">{approval.rejectionReason}</Text>
            </DetailRow>
          </DetailList>
        </SectionCard>
      )}

      <SectionCard
        title={
          <HStack as="span" gap="2">
            <span>Bills Information</span>
            <Badge colorPalette="blue" aria-label={`${bills.length} bills`}>
              {bills.length}
            </Badge>
          </HStack>
        }
        description={`Total amount ${formatUsd(approval.billStats.totalAmount)}`}
      >
        {bills.length === 0 ? (
          <Text color="fg.muted">No bill data available</Text>
        ) : (
          <Stack gap="4">
            {bills.map((bill) => (
              <BillCard key={bill.Id} bill={bill} approved={approval.approvedBillIds.includes(bill.Id)} />
            ))}
          </Stack>
        )}
      </SectionCard>

      {approvedBills.length > 0 && (
        <SectionCard title="Approved Bills">
          <DetailList>
            <DetailRow label="Approved bills">
              {approvedBills.length} of {approval.billStats.totalBills}
            </DetailRow>
            <DetailRow label="Approved amount">{formatUsd(approval.approvedAmount)}</DetailRow>
          </DetailList>
        </SectionCard>
      )}

      <PaymentAccountsCard approval={approval} />

      <NachaCard approval={approval} />

      <QbPaymentsCard approval={approval} />

      <SectionCard title="System Information">
        <DetailList>
          <DetailRow label="Approval ID">
            <Text fontFamily="mono" wordBreak="break-all">
              {approval.id}
            </Text>
          </DetailRow>
          <DetailRow label="Bill IDs">{approval.billIds.join(', ')}</DetailRow>
          <DetailRow label="Approved bill IDs">{approval.approvedBillIds.join(', ')}</DetailRow>
        </DetailList>
      </SectionCard>

      {history.data && history.data.length > 0 && (
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
      )}

      {pending && (
        <>
          <ApproveDialog
            open={dialog === 'approve'}
            onOpenChange={(open) => setDialog(open ? 'approve' : null)}
            bills={bills}
            flaggedBillIds={approval.duplicates?.map((duplicate) => duplicate.billId)}
            isPending={busy}
            onApprove={(ids, duplicateReason) =>
              void decision.approve(ids, approval.currentStep, duplicateReason)
            }
          />
          <RejectDialog
            open={dialog === 'reject'}
            onOpenChange={(open) => setDialog(open ? 'reject' : null)}
            isPending={busy}
            onReject={(reason) => void decision.reject(reason)}
          />
        </>
      )}
      <ShortcutsHelpDialog open={helpOpen} onOpenChange={setHelpOpen} groups={DETAIL_SHORTCUTS} />
      {dialog === 'delete' && (
        <DeleteApprovalDialog
          approval={approval}
          open
          onOpenChange={(open) => !open && setDialog(null)}
          onDeleted={() => navigate('/approvals')}
        />
      )}
    </Stack>
  );
}

const DUPLICATE_KIND_TEXT = {
  BILL_NUMBER: 'Same vendor and the same bill number',
  AMOUNT_AND_DATE: `Same vendor and the same amount within ${DUPLICATE_WINDOW_DAYS} days`,
} as const;

/** Each bill flagged as a possible duplicate beside the bill it matched, so a reviewer can compare. */
function DuplicatesCard({
  approval,
  bills,
  duplicates,
}: {
  approval: Approval;
  bills: Bill[];
  duplicates: DuplicateBill[];
}) {
  return (
    <SectionCard
      title={
        <HStack as="span" gap="2">
          <span>Possible duplicates</span>
          <Badge colorPalette="orange">{duplicates.length}</Badge>
        </HStack>
      }
      description={
        approval.status === 'PENDING'
          ? 'Compare each bill with the one it matched. Approving a flagged bill needs a reason, recorded in the history.'
          : 'These bills matched another bill when they came in.'
      }
    >
      <Stack gap="6">
        {duplicates.map((duplicate) => {
          const bill = bills.find((candidate) => candidate.Id === duplicate.billId);
          const other = duplicate.otherBill ? (JSON.parse(duplicate.otherBill) as Bill) : null;
          const sameApproval = duplicate.otherApprovalId === approval.id;
          return (
            <Stack
              key={duplicate.billId}
              gap="3"
              as="section"
              aria-label={`Possible duplicate: bill ${bill?.DocNumber ?? duplicate.billId}`}
            >
              <Alert.Root status="warning">
                <Alert.Indicator />
                <Alert.Content>
                  <Alert.Title>{DUPLICATE_KIND_TEXT[duplicate.kind]}</Alert.Title>
                  <Alert.Description>
                    Bill {bill?.DocNumber ?? duplicate.billId} may be bill{' '}
                    {other?.DocNumber ?? duplicate.otherBillId}{' '}
                    {sameApproval ? (
                      'of this approval'
                    ) : duplicate.otherApprovalId ? (
                      <>
                        of{' '}
                        <Link asChild color="blue.fg">
                          <RouterLink to={`/approvals/${duplicate.otherApprovalId}`}>
                            approval #{shortApprovalId(duplicate.otherApprovalId)}
                          </RouterLink>
                        </Link>
                        {duplicate.otherStatus
                          ? ` (${duplicate.otherStatus.replaceAll('_', ' ').toLowerCase()})`
                          : ''}
                      </>
                    ) : (
                      'of an approval that was deleted'
                    )}
                    .
                  </Alert.Description>
                </Alert.Content>
              </Alert.Root>
              <SimpleGrid columns={{ base: 1, md: 2 }} gap="4" alignItems="start">
                <Stack gap="2">
                  <Text fontWeight="semibold">This bill</Text>
                  {bill ? (
                    <BillCard bill={bill} approved={approval.approvedBillIds.includes(bill.Id)} />
                  ) : null}
                </Stack>
                <Stack gap="2">
                  <Text fontWeight="semibold">The bill it matched</Text>
                  {other ? (
                    <BillCard bill={other} approved={false} />
                  ) : (
                    <Text color="fg.muted">Bill {duplicate.otherBillId} is no longer on record</Text>
                  )}
                </Stack>
              </SimpleGrid>
            </Stack>
          );
        })}
      </Stack>
    </SectionCard>
  );
}

function BillCard({ bill, approved }: { bill: Bill; approved: boolean }) {
  const address = [
    bill.VendorAddr?.Line1,
    bill.VendorAddr?.City,
    [bill.VendorAddr?.CountrySubDivisionCode, bill.VendorAddr?.PostalCode].filter(Boolean).join(' '),
  ]
    .filter(Boolean)
    .join(', ');
  return (
    <Box
      as="article"
      borderWidth="1px"
      borderRadius="md"
      p="4"
      aria-label={`Bill ${bill.DocNumber ?? bill.Id}`}
    >
      <Flex justify="space-between" gap="3" wrap="wrap" mb="2">
        <Stack gap="0">
          <Text fontWeight="semibold">
            {bill.VendorRef?.name ?? bill.VendorInfo?.CompanyName ?? 'Unknown vendor'}
          </Text>
          <Text textStyle="sm" color="fg.muted">
            {bill.DocNumber ? `${bill.DocNumber} · ` : ''}Bill ID {bill.Id}
          </Text>
        </Stack>
        {/* Under the vendor on a phone (where the row wraps), at the right edge beside it otherwise. */}
        <Stack gap="0" align={{ base: 'flex-start', sm: 'flex-end' }}>
          <Text fontWeight="bold">{formatUsd(bill.TotalAmt)}</Text>
          {bill.TxnDate && (
            <Text textStyle="sm" color="fg.muted">
              Dated {formatDate(bill.TxnDate)}
            </Text>
          )}
          <Text textStyle="sm" color="fg.muted">
            Due {formatDate(bill.DueDate)}
          </Text>
          {approved && (
            <Badge colorPalette="green" size="sm">
              Approved
            </Badge>
          )}
        </Stack>
      </Flex>
      <DetailList>
        <DetailRow label="Vendor email">{bill.VendorInfo?.Email}</DetailRow>
        <DetailRow label="Vendor phone">{bill.VendorInfo?.Phone}</DetailRow>
        <DetailRow label="Address">{address}</DetailRow>
      </DetailList>
      {bill.Line && bill.Line.length > 0 && (
        <Box overflowX="auto" mt="3">
          <Table.Root size="sm">
            <Table.Caption srOnly>Line items of bill {bill.DocNumber ?? bill.Id}</Table.Caption>
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>Description</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">Qty</Table.ColumnHeader>
                <Table.ColumnHeader>Item</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">Amount</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {bill.Line.map((line, index) => (
                <Table.Row key={line.Id ?? index}>
                  <Table.Cell>{line.Description ?? '—'}</Table.Cell>
                  <Table.Cell textAlign="end">{line.ItemBasedExpenseLineDetail?.Qty ?? '—'}</Table.Cell>
                  <Table.Cell>{line.ItemBasedExpenseLineDetail?.ItemRef?.name ?? '—'}</Table.Cell>
                  <Table.Cell textAlign="end">{formatUsd(line.Amount)}</Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Box>
      )}
    </Box>
  );
}
