// The bank files the console wrote, reconciled: GET /api/bank-files (one page, or the one of an
// approval), GET /api/bank-files/{id} (its entries and the return files applied to it) and its CSV.
import useSWR, { mutate } from 'swr';
import { api, downloadFile } from 'shared-auth';
import {
  BANK_RECONCILIATION_TEXT,
  BANK_RETURNS_PAGE_TEXT,
  type BankFileReconciliation,
  type BankFileSummary,
} from 'shared-contracts';
import { listResource } from 'shared-ui/table';

const TEXT = BANK_RETURNS_PAGE_TEXT.bankFiles;

/** GET /api/bank-files: page, limit and, for one approval's file, approvalId. */
export interface BankFileListQuery {
  page: number;
  limit: number;
  approvalId?: string;
}

/** The bank files, newest first, with what each sent, paid and got back. */
export const bankFileList = listResource<BankFileSummary, BankFileListQuery>({
  section: 'bank-files',
  path: '/api/bank-files',
  fallbackMessage: TEXT.fetchFailed,
  entities: ['approval'],
});

export const bankFileKeys = {
  detail: (id: number) => ['bank-files', 'detail', id] as const,
  ofApproval: (approvalId: string) => ['bank-files', 'approval', approvalId] as const,
};

/** Re-reads every bank file key: the lists, each file and each approval's file. */
export const revalidateBankFiles = () => mutate((key) => Array.isArray(key) && key[0] === 'bank-files');

const fetchBankFile = (id: number) =>
  api.get<BankFileReconciliation>(`/api/bank-files/${id}`, { fallbackMessage: TEXT.detailFailed });

/** GET /api/bank-files/{id}; no request for an invalid id. */
export function useBankFile(id: number | null) {
  return useSWR(id === null ? null : bankFileKeys.detail(id), () => fetchBankFile(id!));
}

/**
 * The reconciliation of an approval's bank file (null when it has none): the list narrowed to the
 * approval, then that file. No request until the approval has a bank file.
 */
export function useApprovalBankFile(approvalId: string, hasBankFile: boolean) {
  return useSWR(hasBankFile ? bankFileKeys.ofApproval(approvalId) : null, async () => {
    const page = await bankFileList.fetchPage({ page: 1, limit: 1, approvalId });
    const summary = page.data[0];
    return summary ? fetchBankFile(summary.id) : null;
  });
}

/** The reconciliation CSV of a bank file, saved under the name the server gives. */
export function downloadReconciliationCsv(file: Pick<BankFileSummary, 'id' | 'batchNumber'>) {
  return downloadFile(`/api/bank-files/${file.id}/reconciliation.csv`, {
    fallbackName: BANK_RECONCILIATION_TEXT.csvFileName(file.batchNumber),
    fallbackMessage: TEXT.csvFailed,
  });
}
