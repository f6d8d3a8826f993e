// Writes of the Approval policy card. A save is a change waiting for an ADMIN other than its author;
// each write re-reads the policy and the company's activity timeline, where every step is recorded.
import { mutate } from 'swr';
import { api } from 'shared-auth';
import { parseApprovalPolicy, type ApprovalPolicy, type PolicySaveInput } from 'shared-contracts';
import { approvalPolicyKey } from './get-approval-policy';
import { companyKeys } from './keys';

async function andRevalidate(companyId: number, call: Promise<unknown>): Promise<ApprovalPolicy> {
  const policy = parseApprovalPolicy(await call);
  await Promise.all([
    mutate(approvalPolicyKey(companyId), policy, { revalidate: false }),
    mutate(companyKeys.activity(companyId)),
  ]);
  return policy;
}

const path = (companyId: number) => `/api/company/companies/${companyId}/approval-policy`;

/** PUT …/approval-policy: propose a change (it replaces one waiting). */
export function proposeApprovalPolicy(companyId: number, input: PolicySaveInput) {
  return andRevalidate(companyId, api.put<unknown>(path(companyId), input));
}

/** PUT …/pending/confirm: an ADMIN other than the author confirms the change they reviewed. */
export function confirmPolicyChange(companyId: number, changeId: number) {
  return andRevalidate(companyId, api.put<unknown>(`${path(companyId)}/pending/confirm`, { changeId }));
}

/** PUT …/pending/discard: the author or an ADMIN drops the change they reviewed. */
export function discardPolicyChange(companyId: number, changeId: number) {
  return andRevalidate(companyId, api.put<unknown>(`${path(companyId)}/pending/discard`, { changeId }));
}
