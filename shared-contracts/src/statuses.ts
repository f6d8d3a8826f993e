export const COMPANY_STATUSES = ['ACTIVE', 'INACTIVE', 'SUSPENDED'] as const;
export type CompanyStatus = (typeof COMPANY_STATUSES)[number];

/** QuickBooks connection status; null/empty means not connected. */
export const QB_CONNECTION_STATUSES = ['connected', 'disconnected', 'error'] as const;
export type QbConnectionStatus = (typeof QB_CONNECTION_STATUSES)[number];

export const MANAGER_STATUSES = ['ACTIVE', 'INACTIVE', 'SUSPENDED'] as const;
export type ManagerStatus = (typeof MANAGER_STATUSES)[number];

export const APPROVAL_STATUSES = [
  'PENDING',
  'APPROVED',
  'REJECTED',
  'EXPIRED',
  'NACHA_GENERATED',
  'NACHA_PENDING',
  'BANK_UPLOADED',
  'PAYMENT_COMPLETED',
  // The bank sent some (partly) or all of the approval's payments back (a return file).
  'PAYMENT_PARTLY_RETURNED',
  'PAYMENT_RETURNED',
] as const;
export type ApprovalStatus = (typeof APPROVAL_STATUSES)[number];
/** The statuses the approval list filter offers. */
export const APPROVAL_FILTER_STATUSES = ['PENDING', 'APPROVED', 'REJECTED', 'EXPIRED'] as const;

export const APPROVAL_PRIORITIES = ['URGENT', 'HIGH', 'MEDIUM', 'LOW'] as const;
export type ApprovalPriority = (typeof APPROVAL_PRIORITIES)[number];

export const INDUSTRIES = [
  'Technology',
  'Healthcare',
  'Finance',
  'Retail',
  'Manufacturing',
  'Construction',
  'Education',
  'Real Estate',
  'Transportation',
  'Food & Beverage',
  'Entertainment',
  'Consulting',
  'Non-profit',
  'Government',
  'Other',
] as const;
export type Industry = (typeof INDUSTRIES)[number];
