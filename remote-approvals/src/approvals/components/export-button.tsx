import { CsvExportButton } from 'shared-ui/table';
import type { ApprovalListParams } from '../api/keys';

/** 'Export': downloads the current view (filters and sort, every page) as CSV, with progress. */
export function ExportButton({ filters }: { filters: Omit<ApprovalListParams, 'page' | 'limit'> }) {
  return (
    <CsvExportButton
      path="/api/bill-approval/approvals/export"
      params={{ ...filters, format: 'csv' }}
      noun={{ one: 'approval', other: 'approvals' }}
      fallbackName="approvals.csv"
      fallbackMessage="Failed to export approvals"
    />
  );
}
