// GET …/companies/{id}/approval-policy: the policy a company follows and the change waiting for a
// second person, checked against its schema before the card shows it.
import useSWR, { mutate } from 'swr';
import { api, useLiveEvents } from 'shared-auth';
import { parseApprovalPolicy, type ApprovalPolicy } from 'shared-contracts';

export const approvalPolicyKey = (companyId: number) => ['companies', 'approval-policy', companyId] as const;

export async function getApprovalPolicy(companyId: number): Promise<ApprovalPolicy> {
  return parseApprovalPolicy(await api.get<unknown>(`/api/company/companies/${companyId}/approval-policy`));
}

/** The company's policy; re-read when someone proposes, confirms or discards a change of it. */
export function useApprovalPolicy(companyId: number) {
  useLiveEvents(['company'], (event) => {
    if (
      event.type === 'resync' ||
      (event.kind === 'company.approval_policy' && event.id === String(companyId))
    )
      void mutate(approvalPolicyKey(companyId));
  });
  return useSWR(approvalPolicyKey(companyId), () => getApprovalPolicy(companyId));
}
