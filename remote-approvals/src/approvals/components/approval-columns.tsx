import { Link as RouterLink } from 'react-router-dom';
import {
  APPROVAL_LIST_TEXT,
  APPROVAL_ORIGIN_LABELS,
  approvalCompanyLabel,
  approvalManagerLabel,
  shortApprovalId,
  type ApprovalSummary,
} from 'shared-contracts';
import { Badge, Link, PriorityBadge, StatusBadge, TruncatedText } from 'shared-ui';
import { FALLBACK, formatDate, formatDateLong, formatRelative, formatUsd } from 'shared-ui/format';
import { CELL, type DataTableColumn } from 'shared-ui/table';

const TEXT = APPROVAL_LIST_TEXT;

/**
 * Who is paid: the first bill's vendor (cut, the full name on hover) and how many more, then the
 * possible-duplicate mark, so a flagged approval shows it before anyone opens it. Plain elements
 * styled by the list (CELL), as in the other cells: the list draws a row's cells many times over.
 */
export function VendorCell({ approval }: { approval: ApprovalSummary }) {
  const more = TEXT.moreVendors(approval.vendorCount);
  return (
    <span className={CELL.stack} style={NARROW}>
      <span className={CELL.line}>
        <TruncatedText fontWeight="medium">{approval.vendorName ?? TEXT.noVendor}</TruncatedText>
        {more && <span className={CELL.note}>{more}</span>}
      </span>
      {approval.possibleDuplicate && (
        <Badge colorPalette="orange" variant="solid" size="sm">
          {TEXT.possibleDuplicate}
        </Badge>
      )}
    </span>
  );
}

/** The vendor and next approver columns' width, so the columns an approver reads first fit at 1440 px. */
const NARROW = { maxWidth: '11rem' } as const;
/** The origin under the Created date wraps rather than widening the column. */
const ORIGIN = { maxWidth: '7rem' } as const;

/** Who decides the waiting step, in words ('any admin'); wraps to two lines, then '…' and the whole on hover. */
const nextApprover = (a: ApprovalSummary) =>
  a.status === 'PENDING' && a.currentStepLabel ? (
    <TruncatedText lines={2} maxW={NARROW.maxWidth}>
      {a.currentStepLabel}
    </TruncatedText>
  ) : (
    FALLBACK
  );

/**
 * The list's columns, what an approver decides on first: who is paid, by which company, how much
 * and when it is due, where it stands and who decides next, how long it has waited; then the
 * spec's bookkeeping columns (priority, bills, processed, manager, created). Where they do not all
 * fit beside the sidebar the table scrolls sideways, the row actions staying in view at its end.
 */
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
    key: 'vendor',
    header: TEXT.columns.vendor,
    // Wraps under the name for the duplicate mark; the name itself is cut (VendorCell).
    maxWidth: 'none',
    render: (approval) => <VendorCell approval={approval} />,
  },
  {
    key: 'company',
    sortKey: 'company.name',
    header: 'Company',
    sortable: true,
    // Cut with the full name on hover, so the columns an approver reads first fit at 1440 px.
    maxWidth: '8rem',
    render: approvalCompanyLabel,
  },
  {
    key: 'totalAmount',
    sortKey: 'billStats.totalAmount',
    header: 'Total Amount',
    sortable: true,
    align: 'end',
    render: (a) => <span className={CELL.strong}>{formatUsd(a.billStats.totalAmount)}</span>,
  },
  {
    key: 'due',
    header: TEXT.columns.due,
    // The earliest due date of its bills.
    render: (a) => <span className={CELL.nowrap}>{formatDate(a.firstDueDate)}</span>,
  },
  {
    key: 'status',
    header: 'Status',
    sortable: true,
    card: 'badge',
    render: (a) =>
      a.status === 'PENDING' && a.currentStep ? (
        <span className={CELL.stack}>
          <StatusBadge status={a.status} />
          {/* Which policy step waits ('Step 2 of 2'); whom it waits for is the Next approver column. */}
          <span className={`${CELL.note} ${CELL.nowrap}`}>{TEXT.stepOf(a.currentStep, a.stepCount)}</span>
          {a.stuck && (
            <Badge colorPalette="red" size="sm">
              Stuck
            </Badge>
          )}
        </span>
      ) : (
        <StatusBadge status={a.status} />
      ),
  },
  {
    key: 'nextApprover',
    header: TEXT.columns.nextApprover,
    maxWidth: 'none',
    // Not squeezed to its longest word when the table is wider than its box (it scrolls instead).
    minWidth: '10rem',
    render: nextApprover,
  },
  {
    key: 'age',
    header: TEXT.columns.age,
    // How long it has been waiting since it was created ('3 days'); the date is the Created column.
    card: 'hidden',
    render: (a) => (
      <span className={CELL.nowrap} title={formatDateLong(a.createdAt)}>
        {formatRelative(a.createdAt)}
      </span>
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
    // Kept, but quiet: the count and its rate on one small line ('0 · 0%'); not on the phone's card.
    card: 'hidden',
    render: (a) => (
      <span className={`${CELL.note} ${CELL.nowrap}`}>
        {a.billStats.processedBills} · {a.billStats.processingRate}%
      </span>
    ),
  },
  { key: 'managerName', header: 'Manager', sortable: true, maxWidth: '8rem', render: approvalManagerLabel },
  {
    key: 'createdAt',
    header: 'Created',
    sortable: true,
    render: (a) => (
      <span className={CELL.lines}>
        <span>{formatDate(a.createdAt)}</span>
        {/* Where it came from: 'Entered by hand' or 'Imported from QuickBooks'. */}
        <span className={CELL.note} style={ORIGIN}>
          {APPROVAL_ORIGIN_LABELS[a.origin]}
        </span>
      </span>
    ),
  },
];
