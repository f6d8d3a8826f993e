import { APPROVAL_FILTER_STATUSES, APPROVAL_PRIORITIES, type ApprovalListQuery } from 'shared-contracts';
import { statusBadgeStyle, titleCase } from 'shared-ui';
import { type FilterField, type SelectOption } from 'shared-ui/table';

/**
 * Status filter: All, Pending, Approved, Rejected, Expired, then the payments the bank sent back
 * (the dashboard's 'returned this month' opens the list on Payment returned).
 */
export const STATUS_FILTER_OPTIONS: SelectOption[] = [
  { value: '', label: 'All' },
  ...[...APPROVAL_FILTER_STATUSES, 'PAYMENT_RETURNED' as const, 'PAYMENT_PARTLY_RETURNED' as const].map(
    (status) => ({ value: status, label: statusBadgeStyle(status).label }),
  ),
];

/** Priority filter: All, Urgent, High, Medium, Low. */
export const PRIORITY_FILTER_OPTIONS: SelectOption[] = [
  { value: '', label: 'All' },
  ...APPROVAL_PRIORITIES.map((priority) => ({ value: priority, label: titleCase(priority) })),
];

/** The prompt of the list's quick reject. */
export const REJECT_PROMPT = 'Please provide a reason for rejection:';

/** The list's filter panel; `companies` are the choices of its Company filter. */
export const approvalFilterFields = (companies: SelectOption[]): Array<FilterField<ApprovalListQuery>> => [
  {
    kind: 'search',
    key: 'search',
    label: 'Search',
    placeholder: 'ID, company, manager, vendor or bill number',
  },
  {
    kind: 'select',
    key: 'companyId',
    label: 'Company',
    options: [{ value: '', label: 'All' }, ...companies],
  },
  // The reviewer's queue: the pending approvals whose current step the signed-in person may decide.
  {
    kind: 'select',
    key: 'view',
    label: 'Show',
    options: [
      { value: '', label: 'All approvals' },
      { value: 'waiting', label: 'Waiting for me' },
    ],
  },
  { kind: 'select', key: 'status', label: 'Status', options: STATUS_FILTER_OPTIONS },
  { kind: 'select', key: 'priority', label: 'Priority', options: PRIORITY_FILTER_OPTIONS },
];
