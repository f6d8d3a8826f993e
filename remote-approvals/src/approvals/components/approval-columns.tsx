import { Link as RouterLink } from 'react-router-dom';
import {
  APPROVAL_ORIGIN_LABELS,
  approvalCompanyLabel,
  approvalManagerLabel,
  shortApprovalId,
  stepProgressLabel,
  type ApprovalSummary,
} from 'shared-contracts';
import { Badge, Link, PriorityBadge, Stack, StatusBadge, Text } from 'shared-ui';
import { formatDate, formatUsd } from 'shared-ui/format';
import type { DataTableColumn } from 'shared-ui/table';

export const APPROVAL_COLUMNS: Array<DataTableColumn<ApprovalSummary>> = [
  {
    key: 'id',
    header: 'ID',
    sortable: true,
    card: 'title',
    render: (approval) => (
      <Link asChild fontFamily="mono" fontWeight="semibold" color="blue.fg">
        <RouterLink to={`/approvals/${approval.id}`} aria-label={`Approval ${shortApprovalId(approval.id)}`}>
          {shortApprovalId(approval.id)}
        </RouterLink>
      </Link>
    ),
  },
  {
    key: 'company',
    sortKey: 'company.name',
    header: 'Company',
    sortable: true,
    // Cut with the full name on hover, so every column and the row actions fit at 1440 px.
    maxWidth: '8rem',
    render: approvalCompanyLabel,
  },
  {
    key: 'status',
    header: 'Status',
    sortable: true,
    card: 'badge',
    render: (a) =>
      a.status === 'PENDING' && a.currentStep ? (
        <Stack gap="0.5" align="start">
          <StatusBadge status={a.status} />
          {/* Which policy step waits, and for whom ('Step 2 of 2 · any admin'). */}
          {/* Cut with the whole text on hover, so the columns still fit beside the sidebar at 1440 px. */}
          <Text
            textStyle="xs"
            color="fg.muted"
            maxW="7rem"
            truncate
            title={stepProgressLabel(a.currentStep, a.stepCount, a.currentStepLabel ?? '')}
          >
            {stepProgressLabel(a.currentStep, a.stepCount, a.currentStepLabel ?? '')}
          </Text>
          {a.stuck && (
            <Badge colorPalette="red" size="sm">
              Stuck
            </Badge>
          )}
        </Stack>
      ) : (
        <StatusBadge status={a.status} />
      ),
  },
  {
    key: 'priority',
    header: 'Priority',
    sortable: true,
    card: 'badge',
    render: (a) => <PriorityBadge priority={a.priority} />,
  },
  {
    key: 'bills',
    sortKey: 'billStats.totalBills',
    header: 'Bills',
    sortable: true,
    align: 'end',
    render: (a) => a.billStats.totalBills,
  },
  {
    key: 'processed',
    sortKey: 'billStats.processedBills',
    header: 'Processed',
    sortable: true,
    render: (a) => (
      <Stack gap="0">
        <Text>{a.billStats.processedBills}</Text>
        <Text textStyle="xs" color="fg.muted">
          {a.billStats.processingRate}%
        </Text>
      </Stack>
    ),
  },
  {
    key: 'totalAmount',
    sortKey: 'billStats.totalAmount',
    header: 'Total Amount',
    sortable: true,
    align: 'end',
    render: (a) => formatUsd(a.billStats.totalAmount),
  },
  { key: 'managerName', header: 'Manager', sortable: true, maxWidth: '8rem', render: approvalManagerLabel },
  {
    key: 'createdAt',
    header: 'Created',
    sortable: true,
    render: (a) => (
      <Stack gap="0">
        <Text>{formatDate(a.createdAt)}</Text>
        {/* Where it came from: 'Entered by hand' or 'Imported from QuickBooks'. */}
        <Text textStyle="xs" color="fg.muted" maxW="7rem">
          {APPROVAL_ORIGIN_LABELS[a.origin]}
        </Text>
      </Stack>
    ),
  },
];
