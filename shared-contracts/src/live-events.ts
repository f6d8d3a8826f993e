import * as v from 'valibot';
import { ApprovalStatsSchema } from './approval-entities';

/**
 * Figures an event carries beside its change, computed once per event by the server from the same
 * shared snapshot its read route answers, so a screen that shows them updates them from the event
 * instead of re-reading them. Only figures every receiver of the event may read go in: each is
 * answered to every signed-in role by its route.
 */
export const LiveFiguresSchema = v.object({
  /** The approvals' stat cards (GET …/approvals/stats: the same for everyone) after the change. */
  approvalStats: v.optional(ApprovalStatsSchema),
});
export type LiveFigures = v.InferOutput<typeof LiveFiguresSchema>;

/**
 * What one event of the live console's stream (GET /api/events, `event: change`) carries: ids,
 * kind and the new status or version of a change, never its data; and, when the server had them
 * at hand, figures the change moved (never on an event replayed from the log: those re-read).
 */
export const LiveEventDataSchema = v.object({
  /** Dotted verb such as 'approval.approve' or 'company.update'. */
  kind: v.string(),
  /** 'approval', 'company', 'user' or 'manager'. */
  entity: v.string(),
  id: v.string(),
  /** The new status when the change has one (an approval's, a bank file's). */
  status: v.nullable(v.string()),
  /** The new version when the entity has one (bank accounts under dual control). */
  version: v.nullable(v.number()),
  /** Who made the change (a user id). */
  actorId: v.nullable(v.number()),
  /** When it was recorded (ISO 8601). */
  at: v.string(),
  figures: v.optional(LiveFiguresSchema),
});
export type LiveEventData = v.InferOutput<typeof LiveEventDataSchema>;

/** A change event's `data` line as the stream sent it, or null when it is not one (malformed). */
export function parseLiveEventData(data: string): LiveEventData | null {
  let json: unknown;
  try {
    json = JSON.parse(data);
  } catch {
    return null;
  }
  const parsed = v.safeParse(LiveEventDataSchema, json);
  return parsed.success ? parsed.output : null;
}

export const LIVE_ERRORS = {
  tooManyStreams: (limit: number) =>
    `This account already has ${limit} live connections open; close a console tab or try again in a moment`,
} as const;
