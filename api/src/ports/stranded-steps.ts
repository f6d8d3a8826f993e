/**
 * What a change to people (an account, a company's assignees, a manager record) needs from the
 * approval policies, given to it by the flow that makes the change (flows/people-changes.ts), so
 * that users, companies and managers never import approvals.
 */
import type { Role } from 'shared-contracts';
import type { Db } from '../db/client';

/**
 * Whose change may strand open policy steps: a person's account, the holders of a role, a
 * company (its assignees changed), or the company's manager through a manager record.
 */
export type StuckScope =
  | { kind: 'user'; userId: number }
  | { kind: 'role'; role: Role }
  | { kind: 'company'; companyId: number }
  | { kind: 'manager'; managerId: number };

/** The open steps a change may strand, read before it; `escalate` flags and escalates, after it, those nobody active can satisfy now. */
export interface StepsAtRisk {
  escalate(now: Date): Promise<string[]>;
}

/** Reads, inside the change's transaction and before the change, the open steps it may strand. */
export type StrandedSteps = (tx: Db, scopes: StuckScope[]) => Promise<StepsAtRisk>;

/** A change that strands nothing. */
export const NOTHING_AT_RISK: StepsAtRisk = { escalate: async () => [] };
