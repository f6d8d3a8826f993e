// The demo's bank simulator: whether it is on (GET /api/bank-returns/simulator) and a return of
// chosen bills of an approval (POST …/approvals/{id}/simulate-return, ADMIN with a fresh second factor), applied
// as if the bank had sent the file.
import useSWR from 'swr';
import { api } from 'shared-auth';
import type { BankReturnUpload, BankSimulatorStatus, SimulateReturnBody } from 'shared-contracts';
import { revalidateAfterReturn } from './return-files';

/** Whether the simulator is on; only asked for someone who may use it. */
export function useBankSimulator(enabled: boolean) {
  return useSWR(enabled ? ['bank-returns', 'simulator'] : null, () =>
    api.get<BankSimulatorStatus>('/api/bank-returns/simulator'),
  );
}

/** Returns `billIds` of the approval's bank file with `code`; re-reads what a return changes. */
export async function simulateReturn(
  approvalId: string,
  body: SimulateReturnBody,
): Promise<BankReturnUpload> {
  try {
    return await api.post<BankReturnUpload>(
      `/api/bill-approval/approvals/${approvalId}/simulate-return`,
      body,
    );
  } finally {
    await revalidateAfterReturn(approvalId);
  }
}
