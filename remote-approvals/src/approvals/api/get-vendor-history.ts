import useSWR from 'swr';
import { api } from 'shared-auth';
import type { VendorHistory } from 'shared-contracts';
import { FRESH_ON_OPEN } from './get-approval';

/** The SWR key: under the approval's own, so re-reading the approval's records re-reads it too. */
export const vendorHistoryKey = (id: string) => ['approvals', 'vendor-history', id] as const;

/** GET …/approvals/{id}/vendor-history: what each vendor was paid before, and a recent account change. */
export function useVendorHistory(id: string | null) {
  return useSWR(
    id ? vendorHistoryKey(id) : null,
    () => api.get<VendorHistory>(`/api/bill-approval/approvals/${id}/vendor-history`),
    FRESH_ON_OPEN,
  );
}
