import { AUDIT_ENTITY_TYPES, shortApprovalId, type AuditEntityType } from 'shared-contracts';
import type { SelectOption } from 'shared-ui/table';

/** The entity types as the filter and the rows name them. */
export const ENTITY_LABELS: Record<AuditEntityType, string> = {
  company: 'Company',
  user: 'User',
  manager: 'Manager',
  approval: 'Approval',
};

export const ENTITY_FILTER_OPTIONS: SelectOption[] = [
  { value: '', label: 'All' },
  ...AUDIT_ENTITY_TYPES.map((type) => ({ value: type, label: ENTITY_LABELS[type] })),
];

/**
 * The actions the filter offers: a family by its prefix (ending with a dot) or one action. The
 * money- and access-relevant ones are named; the API takes any other action typed into the URL.
 */
export const ACTION_FILTER_OPTIONS: SelectOption[] = [
  { value: '', label: 'All actions' },
  { value: 'auth.', label: 'Sign-ins and sign-outs' },
  { value: 'auth.login', label: 'Sign-ins' },
  { value: 'auth.sessions_end_others', label: 'Other sessions signed out' },
  { value: 'company.', label: 'Companies: every change' },
  { value: 'company.approval_policy', label: 'Approval policies' },
  { value: 'user.', label: 'Users: every change' },
  { value: 'user.role_change', label: 'Role changes' },
  { value: 'user.sessions_end', label: 'Sessions ended by an administrator' },
  { value: 'user.second_factor_reset', label: 'Second factors reset by two administrators' },
  { value: 'manager.', label: 'Managers: every change' },
  { value: 'payments.', label: 'Bank file settings and vendor bank accounts' },
  { value: 'approval.', label: 'Approvals: every change' },
  { value: 'approval.approve', label: 'Approvals approved' },
  { value: 'approval.reject', label: 'Approvals rejected' },
  { value: 'approval.nacha_generated', label: 'Bank files generated' },
  { value: 'approval.nacha_download', label: 'Bank files downloaded' },
  { value: 'approval.bank_uploaded', label: 'Bank files sent to the bank' },
  { value: 'approval.payment_completed', label: 'Payments completed' },
];

/** 'Company #12', 'Approval 1a2b3c4d'. */
export function entityLabel(entityType: string | null, entityId: string | null): string | null {
  if (entityType === null || entityId === null) return null;
  const label = ENTITY_LABELS[entityType as AuditEntityType] ?? entityType;
  return entityType === 'approval' ? `${label} ${shortApprovalId(entityId)}` : `${label} #${entityId}`;
}
