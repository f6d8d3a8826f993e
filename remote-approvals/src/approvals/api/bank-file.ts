// The bank file of an approved approval: generate or retry, download, and the two steps
// after the bank. Each re-reads the approval, its history and the lists.
import { api, downloadFile } from 'shared-auth';
import type { Approval, BankFileOutcome } from 'shared-contracts';
import { revalidateApprovals } from './keys';
import { andRevalidate } from './mutations';

const BASE = '/api/bill-approval/approvals';

/** POST …/nacha: writes the file, or answers exactly what is missing (the approval stays APPROVED). */
export function generateBankFile(id: string) {
  return andRevalidate(api.post<BankFileOutcome>(`${BASE}/${id}/nacha`), id);
}

/** PUT …/bank-uploaded (ADMIN; after NACHA_GENERATED). */
export function markBankUploaded(id: string) {
  return andRevalidate(api.put<{ status: 'BANK_UPLOADED' }>(`${BASE}/${id}/bank-uploaded`, {}), id);
}

/** PUT …/payment-completed (ADMIN; after BANK_UPLOADED). */
export function markPaymentCompleted(id: string) {
  return andRevalidate(api.put<{ status: 'PAYMENT_COMPLETED' }>(`${BASE}/${id}/payment-completed`, {}), id);
}

/**
 * Saves the approval's bank file (nachaFileUrl, or a history entry's link) under its `<batch>.txt`
 * name. Each download is recorded in the approval's history, which is re-read afterwards.
 */
export async function downloadBankFile(approval: Pick<Approval, 'id' | 'nachaFileName'>, url: string) {
  try {
    return await downloadFile(url, {
      fallbackName: approval.nachaFileName ?? `${approval.id}.txt`,
      fallbackMessage: 'Failed to download NACHA file',
    });
  } finally {
    await revalidateApprovals(approval.id);
  }
}
