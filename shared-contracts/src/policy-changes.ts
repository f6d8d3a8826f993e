import * as v from 'valibot';
import { PolicyDefinitionSchema } from './approval-policies';

/**
 * A policy change needs two people: a save (MODERATOR and up) is a pending change that the company
 * does not follow until an ADMIN other than its author confirms it; the author or an ADMIN may
 * discard it. One change waits per company: saving again replaces it, and a confirmation names the
 * change it reviewed, so nobody confirms a replacement they have not seen.
 */

/** A change saved and waiting for an ADMIN other than its author. */
export const PendingPolicyChangeSchema = v.object({
  /** What a confirmation or a discard names: a replaced change has another id. */
  id: v.number(),
  /** The version it was proposed against (the company's version now). */
  baseVersion: v.number(),
  definition: PolicyDefinitionSchema,
  /** The escalation time it sets (the company's current one when the save did not change it). */
  escalationHours: v.number(),
  summary: v.array(v.string()),
  /** What differs from the policy the company follows now, one line each. */
  changes: v.array(v.string()),
  proposedById: v.nullable(v.number()),
  proposedBy: v.string(),
  proposedAt: v.string(),
});
export type PendingPolicyChange = v.InferOutput<typeof PendingPolicyChangeSchema>;

/** A policy as the API answers it: the one the company follows, and the change waiting, if any. */
export const ApprovalPolicySchema = v.object({
  companyId: v.number(),
  /** 0 for the built-in default; each confirmed change is the next version. */
  version: v.number(),
  definition: PolicyDefinitionSchema,
  escalationHours: v.number(),
  /** When this version was confirmed, and who proposed it. */
  createdAt: v.nullable(v.string()),
  createdBy: v.nullable(v.string()),
  /** The ADMIN who confirmed it (null for the default, and for versions saved before confirmation existed). */
  confirmedBy: v.nullable(v.string()),
  summary: v.array(v.string()),
  pending: v.nullable(PendingPolicyChangeSchema),
});
export type ApprovalPolicy = v.InferOutput<typeof ApprovalPolicySchema>;

/** The answer of GET …/approval-policy checked, so the console never shows a policy it misread. */
export function parseApprovalPolicy(value: unknown): ApprovalPolicy {
  return v.parse(ApprovalPolicySchema, value);
}

/** PUT …/approval-policy/pending/confirm and …/discard: the change the caller reviewed. */
export const PolicyChangeRefSchema = v.object({
  changeId: v.pipe(
    v.number('changeId must be the id of the pending change'),
    v.integer('changeId must be the id of the pending change'),
    v.minValue(1, 'changeId must be the id of the pending change'),
  ),
});
export type PolicyChangeRef = v.InferOutput<typeof PolicyChangeRefSchema>;

export const POLICY_CHANGE_MESSAGES = {
  noPending: 'This approval policy has no change waiting for confirmation',
  replaced:
    'The change you reviewed was replaced or discarded meanwhile: read the change waiting now before confirming it',
  ownChange: 'You proposed this change: an ADMIN other than you must confirm it',
  linkedToAuthor: (author: string) =>
    `Your account and ${author}'s are one person (one registered the other): another ADMIN must confirm this change`,
  notYours: 'Only the person who proposed this change or an ADMIN may discard it',
  baseMoved: 'The approval policy changed after this change was proposed: discard it and propose it again',
  aloneCanApprove: (rule: number, who: string) =>
    `Rule ${rule} would let ${who} approve a bill alone: add a step that someone else must approve`,
  onePerson: (rule: number, a: string, b: string) =>
    a === b
      ? `Rule ${rule} asks ${a} to approve twice, but one person approves one step of a bill: name someone else`
      : `Rule ${rule} asks ${a} and ${b} to approve, but they are one person (one account registered the other): name someone else`,
  /** The notices of the console. */
  proposed: 'Change saved: it applies once another ADMIN confirms it',
  confirmed: 'Change confirmed: the company follows the new version',
  discarded: 'Pending change discarded',
} as const;

/**
 * What a change does, in words, from the summaries of the policy followed now and of the change:
 * the lines that go, the lines that come, and the escalation time. Empty when nothing differs.
 */
export function policyChanges(
  before: { summary: readonly string[]; escalationHours: number },
  after: { summary: readonly string[]; escalationHours: number },
): string[] {
  const removed = before.summary.filter((line) => !after.summary.includes(line));
  const added = after.summary.filter((line) => !before.summary.includes(line));
  const lines = [...removed.map((line) => `No longer: ${line}`), ...added.map((line) => `New: ${line}`)];
  if (removed.length === 0 && added.length === 0 && before.summary.join('\n') !== after.summary.join('\n'))
    lines.push('The same rules in another order (the first rule a bill meets applies)');
  if (before.escalationHours !== after.escalationHours)
    lines.push(
      `Escalation to the ADMINs after ${after.escalationHours} hours (was ${before.escalationHours})`,
    );
  return lines;
}
