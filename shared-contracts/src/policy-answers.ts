import * as v from 'valibot';
import { APPROVAL_ORIGINS } from './approval-entities';
import { PolicyDefinitionSchema, STEP_MODES } from './policy-definition';
import { APPROVAL_PRIORITIES } from './statuses';

// What the policy endpoints answer and take: an approval's chain of steps, a policy to save, the
// 'Try a bill' simulation, and the reviewer's waiting count.

export const ChainDecisionSchema = v.object({
  userId: v.nullable(v.number()),
  userName: v.nullable(v.string()),
  /** The absent approver a delegate decided for ('X for Y'). */
  onBehalfOfId: v.nullable(v.number()),
  onBehalfOfName: v.nullable(v.string()),
  decidedAt: v.string(),
});

export const ChainStepSchema = v.object({
  position: v.number(),
  mode: v.picklist(STEP_MODES),
  label: v.string(),
  state: v.picklist(['WAITING', 'OPEN', 'DONE', 'CLOSED'] as const),
  openedAt: v.nullable(v.string()),
  completedAt: v.nullable(v.string()),
  escalatedAt: v.nullable(v.string()),
  decisions: v.array(ChainDecisionSchema),
  /**
   * Who may decide it now (names; 'X for Y' for a delegate), while it is the open step: the first
   * CHAIN_WAITING_NAMES of them only (a step any ADMIN may decide can wait for a great many people).
   */
  waitingFor: v.array(v.string()),
  /** How many people may decide it now: waitingFor's length unless more than it lists. */
  waitingForCount: v.number(),
  /** Open, and no active person can satisfy it. */
  stuck: v.boolean(),
});

/** GET …/approvals/{id}/chain. */
export const ApprovalChainSchema = v.object({
  policyVersion: v.number(),
  policyRule: v.nullable(v.number()),
  currentStep: v.nullable(v.number()),
  stepCount: v.number(),
  stuck: v.boolean(),
  steps: v.array(ChainStepSchema),
});
export type ApprovalChain = v.InferOutput<typeof ApprovalChainSchema>;

/** PUT …/companies/{id}/approval-policy. */
export const PolicySaveSchema = v.object({
  definition: PolicyDefinitionSchema,
  escalationHours: v.optional(
    v.pipe(
      v.number('escalationHours must be a number of hours'),
      v.integer('escalationHours must be whole hours'),
      v.minValue(1, 'escalationHours must be from 1 to 720 hours'),
      v.maxValue(24 * 30, 'escalationHours must be from 1 to 720 hours'),
    ),
  ),
});
export type PolicySaveInput = v.InferOutput<typeof PolicySaveSchema>;

/** POST …/companies/{id}/approval-policy/simulate: 'Try a bill', against the saved policy or a draft. */
export const PolicySimulationInputSchema = v.object({
  amount: v.pipe(v.number('amount must be a number'), v.minValue(0, 'amount must not be negative')),
  vendorRef: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(100))),
  priority: v.optional(v.picklist(APPROVAL_PRIORITIES, 'priority must be a priority'), 'MEDIUM'),
  origin: v.optional(v.picklist(APPROVAL_ORIGINS, 'origin must be MANUAL or QUICKBOOKS'), 'MANUAL'),
  definition: v.optional(PolicyDefinitionSchema),
});
export type PolicySimulationInput = v.InferOutput<typeof PolicySimulationInputSchema>;

export const PolicySimulationSchema = v.object({
  rule: v.number(),
  ruleSummary: v.string(),
  steps: v.array(
    v.object({
      position: v.number(),
      label: v.string(),
      /** Who could approve it now: the first CHAIN_WAITING_NAMES names (a role can have thousands). */
      people: v.array(v.string()),
      /** How many could: people's length unless more than it lists. */
      peopleCount: v.number(),
      satisfiable: v.boolean(),
    }),
  ),
});
export type PolicySimulation = v.InferOutput<typeof PolicySimulationSchema>;

/** GET …/approvals/waiting-count. */
export const WaitingCountSchema = v.object({
  /** Counted up to WAITING_COUNT_CAP: with `capped`, at least this many ('100+'). */
  count: v.number(),
  capped: v.optional(v.boolean(), false),
  /** Pending approvals whose current step nobody active could satisfy (escalated to the ADMINs). */
  stuck: v.number(),
});
export type WaitingCount = v.InferOutput<typeof WaitingCountSchema>;
