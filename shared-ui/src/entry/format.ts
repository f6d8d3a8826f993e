// `shared-ui/format`: date (date-fns), money and duration formatting, and the activity list that
// shows dates.
export {
  FALLBACK,
  formatDate,
  formatDateLong,
  formatExpiresIn,
  formatRelative,
  formatUptime,
  formatUsd,
  toDate,
  type DateInput,
} from '../format';
export { ActivityList, type ActivityListProps } from '../activity-list';
export {
  BankAccountReturnNotices,
  BankAccountStatusBadge,
  type BankAccountReturnState,
  bankAccountControlText,
  bankAccountTypeLabel,
  maskedAccount,
} from '../bank-account-control';
