// Each recorded action in words, as the audit log's Action column says it ('Signed in', 'Bank file
// refused'); the code itself ('auth.login') stays in the entry's details and in the CSV, where
// filters and other tools match it.

export const AUDIT_ACTION_LABELS: Readonly<Record<string, string>> = {
  'auth.login': 'Signed in',
  'auth.logout': 'Signed out',
  'auth.session_end': 'Session ended',
  'auth.sessions_end_others': 'Signed out other sessions',
  'auth.recovery_codes': 'New recovery codes',
  'auth.second_factor': 'Second step passed',
  'auth.second_factor_add': 'Second factor added',
  'auth.second_factor_remove': 'Second factor removed',

  'user.create': 'User created',
  'user.update': 'User changed',
  'user.profile_update': 'Own profile changed',
  'user.password_change': 'Password changed',
  'user.activate': 'User activated',
  'user.deactivate': 'User deactivated',
  'user.delete': 'User deleted',
  'user.role_change': 'Role changed',
  'user.payment_decisions_grant': 'Payment decisions granted',
  'user.out_of_office': 'Out of office set',
  'user.sessions_end': 'Sessions ended by an administrator',
  'user.second_factor_reset_request': 'Second-factor reset asked',
  'user.second_factor_reset': 'Second factors reset',
  'user.second_factor_reset_cancel': 'Second-factor reset cancelled',

  'company.create': 'Company created',
  'company.update': 'Company changed',
  'company.deactivate': 'Company deactivated',
  'company.delete': 'Company deleted',
  'company.assignment': 'Company assignment changed',
  'company.approval_policy': 'Approval policy changed',
  'company.qb_connect_started': 'QuickBooks connection started',
  'company.qb_connected': 'QuickBooks connected',
  'company.qb_connect_failed': 'QuickBooks connection failed',
  'company.qb_disconnected': 'QuickBooks disconnected',
  'company.qb_token_refresh': 'QuickBooks token refreshed',
  'company.qb_token_refresh_failed': 'QuickBooks token refresh failed',

  'manager.create': 'Manager created',
  'manager.update': 'Manager changed',
  'manager.status': 'Manager status changed',
  'manager.delete': 'Manager deleted',
  'manager.link_user': 'User linked to manager',
  'manager.unlink_user': 'User unlinked from manager',
  'manager.unlink': 'Manager unlinked',

  'payments.settlement.confirm': 'Settlement account confirmed',
  'payments.vendor_account.create': 'Vendor bank account added',
  'payments.vendor_account.update': 'Vendor bank account changed',
  'payments.vendor_account.confirm': 'Vendor bank account confirmed',
  'payments.vendor_account.delete': 'Vendor bank account removed',
  'payments.vendor_account_blocked': 'Vendor bank account blocked after a return',
  'payments.bank_return_applied': 'Bank return file applied',

  'approval.create': 'Approval requested',
  'approval.update': 'Approval changed',
  'approval.delete': 'Approval deleted',
  'approval.recipients': 'Recipients changed',
  'approval.step_approve': 'Step approved',
  'approval.approve': 'Approved',
  'approval.reject': 'Rejected',
  'approval.expire': 'Expired',
  'approval.escalate': 'Escalated to the admins',
  'approval.duplicate_flag': 'Flagged as a possible duplicate',
  'approval.vendor_account_change': 'Vendor bank account changed before payment',
  'approval.qb_changes_confirmed': 'QuickBooks changes confirmed',
  'approval.qb_changes_reopened': 'Reopened after QuickBooks changes',
  'approval.nacha_pending': 'Bank file waiting',
  'approval.nacha_generated': 'Bank file ready',
  'approval.nacha_failed': 'Bank file refused',
  'approval.nacha_download': 'Bank file downloaded',
  'approval.bank_uploaded': 'Bank file sent to the bank',
  'approval.payment_completed': 'Payment completed',
  'approval.payment_returned': 'Payment returned by the bank',
  'approval.payment_corrected': 'Bank sent a correction',
  'approval.qb_bill_payment': 'Payment recorded in QuickBooks',
  'approval.qb_bill_payment_waiting': 'QuickBooks payment waiting',
  'approval.qb_bill_payment_retry': 'QuickBooks payment retried',
  'approval.qb_bill_payment_failed': 'QuickBooks payment refused',
  'approval.qb_bill_payment_deleted': 'QuickBooks payment deleted',
  'approval.qb_bill_payment_delete_waiting': 'QuickBooks payment deletion waiting',
  'approval.qb_bill_payment_delete_retry': 'QuickBooks payment deletion retried',
  'approval.qb_bill_payment_delete_failed': 'QuickBooks payment deletion refused',
};

/**
 * An action code in words: its label, or for a code the console does not know yet (a newer API)
 * the code made readable ('approval.nacha_failed' → 'Approval: nacha failed').
 */
export function auditActionLabel(action: string): string {
  const known = AUDIT_ACTION_LABELS[action];
  if (known) return known;
  const [family = '', ...rest] = action.split('.');
  const what = rest.join(' ').replaceAll('_', ' ').trim();
  const subject = family.charAt(0).toUpperCase() + family.slice(1);
  return what ? `${subject}: ${what}` : subject;
}
