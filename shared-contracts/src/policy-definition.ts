import * as v from 'valibot';
import { APPROVAL_ORIGINS } from './approval-entities';
import { APPROVAL_PRIORITIES } from './statuses';
import type { Role } from './roles';

/**
 * Approval policies: who must approve what, in which order.
 *
 * A policy is an ordered list of rules; the first rule whose conditions match an approval applies,
 * and the last rule has no conditions, so every approval matches exactly one rule. A rule's outcome
 * is one or more ordered steps; each step names its approvers (specific users, a role, or one of
 * the company's assignees) and whether any one of them or all of them must approve. Under ALL, each
 * named approver is satisfied by a different person (two entries are never one signature).
 *
 * The policy modules (this one, policy-rules, policy-text, policy-chain) are pure (no clock, no
 * database), so the API decides with them, the console summarises and simulates with them, and
 * property tests check them.
 */

export const POLICY_ROLES = ['MODERATOR', 'ADMIN'] as const satisfies readonly Role[];
export type PolicyRole = (typeof POLICY_ROLES)[number];
export const COMPANY_ASSIGNEES = ['approver', 'manager', 'accountant'] as const;
export type CompanyAssignee = (typeof COMPANY_ASSIGNEES)[number];
export const STEP_MODES = ['ANY', 'ALL'] as const;
export type StepMode = (typeof STEP_MODES)[number];

/** Most rules of one policy, steps of one rule and approvers of one step. */
export const POLICY_LIMITS = { rules: 20, steps: 5, approvers: 10, vendors: 50 } as const;
/** A step waits this long before it is widened to the ADMINs, unless the company says otherwise. */
export const DEFAULT_ESCALATION_HOURS = 48;
/** From this total the default policy asks for a second step by an ADMIN. */
export const DEFAULT_POLICY_SECOND_STEP_FROM = 10_000;

export const PolicyApproverSchema = v.variant('kind', [
  v.object({ kind: v.literal('user'), userId: v.pipe(v.number(), v.integer(), v.minValue(1)) }),
  v.object({ kind: v.literal('role'), role: v.picklist(POLICY_ROLES, 'role must be MODERATOR or ADMIN') }),
  v.object({
    kind: v.literal('assignee'),
    assignee: v.picklist(COMPANY_ASSIGNEES, 'assignee must be approver, manager or accountant'),
  }),
]);
export type PolicyApprover = v.InferOutput<typeof PolicyApproverSchema>;

export const PolicyStepSchema = v.object({
  mode: v.picklist(STEP_MODES, 'mode must be ANY or ALL'),
  approvers: v.pipe(v.array(PolicyApproverSchema), v.maxLength(POLICY_LIMITS.approvers)),
});
export type PolicyStep = v.InferOutput<typeof PolicyStepSchema>;

const amount = v.optional(v.pipe(v.number('Amounts are numbers'), v.minValue(0, 'Amounts are not negative')));
export const PolicyConditionsSchema = v.object({
  /** Total from this amount (dollars, inclusive). */
  minAmount: amount,
  /** Total below this amount (dollars, exclusive). */
  maxAmount: amount,
  /** One of the approval's bills is from one of these vendors (QuickBooks vendor refs). */
  vendorRefs: v.optional(
    v.pipe(v.array(v.pipe(v.string(), v.minLength(1))), v.maxLength(POLICY_LIMITS.vendors)),
  ),
  priorities: v.optional(v.array(v.picklist(APPROVAL_PRIORITIES))),
  /** Entered by hand (MANUAL) or imported from QuickBooks: bills nobody typed may need another eye. */
  origin: v.optional(v.picklist(APPROVAL_ORIGINS, 'origin must be MANUAL or QUICKBOOKS')),
});
export type PolicyConditions = v.InferOutput<typeof PolicyConditionsSchema>;

export const PolicyRuleSchema = v.object({
  conditions: PolicyConditionsSchema,
  steps: v.pipe(v.array(PolicyStepSchema), v.maxLength(POLICY_LIMITS.steps)),
});
export type PolicyRule = v.InferOutput<typeof PolicyRuleSchema>;

/** The body of PUT …/approval-policy: the rules, in order. */
export const PolicyDefinitionSchema = v.object({
  rules: v.pipe(
    v.array(PolicyRuleSchema),
    v.minLength(1, 'A policy needs at least one rule'),
    v.maxLength(POLICY_LIMITS.rules),
  ),
});
export type PolicyDefinition = v.InferOutput<typeof PolicyDefinitionSchema>;

/** What the first step of the default policy asks: the company's approver, a MODERATOR or an ADMIN. */
const DEFAULT_FIRST_STEP: PolicyStep = {
  mode: 'ANY',
  approvers: [
    { kind: 'assignee', assignee: 'approver' },
    { kind: 'role', role: 'MODERATOR' },
    { kind: 'role', role: 'ADMIN' },
  ],
};

/**
 * Every company's policy until someone saves another (version 0): below $10,000 one step, any one
 * of the company's approver, a MODERATOR or an ADMIN; from $10,000 a second step by an ADMIN.
 */
export const DEFAULT_POLICY: PolicyDefinition = {
  rules: [
    {
      conditions: { minAmount: DEFAULT_POLICY_SECOND_STEP_FROM },
      steps: [DEFAULT_FIRST_STEP, { mode: 'ANY', approvers: [{ kind: 'role', role: 'ADMIN' }] }],
    },
    { conditions: {}, steps: [DEFAULT_FIRST_STEP] },
  ],
};
