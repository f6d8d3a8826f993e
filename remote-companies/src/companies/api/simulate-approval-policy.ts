// POST …/companies/{id}/approval-policy/simulate: 'Try a bill' against the policy or a draft.
import { api } from 'shared-auth';
import type { PolicySimulation, PolicySimulationInput } from 'shared-contracts';

export function simulateApprovalPolicy(
  companyId: number,
  input: Partial<PolicySimulationInput> & { amount: number },
): Promise<PolicySimulation> {
  return api.post<PolicySimulation>(`/api/company/companies/${companyId}/approval-policy/simulate`, input);
}
