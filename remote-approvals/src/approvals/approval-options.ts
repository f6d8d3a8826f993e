import { APPROVAL_FILTER_STATUSES, APPROVAL_PRIORITIES } from 'shared-contracts';
import { titleCase } from 'shared-ui';
import { type SelectOption } from 'shared-ui/table';

/** Status filter: All, Pending, Approved, Rejected, Expired. */
export const STATUS_FILTER_OPTIONS: SelectOption[] = [
  { value: '', label: 'All' },
  ...APPROVAL_FILTER_STATUSES.map((status) => ({ value: status, label: titleCase(status) })),
];

/** Priority filter: All, Urgent, High, Medium, Low. */
export const PRIORITY_FILTER_OPTIONS: SelectOption[] = [
  { value: '', label: 'All' },
  ...APPROVAL_PRIORITIES.map((priority) => ({ value: priority, label: titleCase(priority) })),
];

/** The prompt of the list's quick reject. */
export const REJECT_PROMPT = 'Please provide a reason for rejection:';
