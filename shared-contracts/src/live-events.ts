/**
 * What one event of the live console's stream (GET /api/events, `event: change`) carries: ids,
 * kind and the new status or version of a change, never its data.
 */
export interface LiveEventData {
  /** Dotted verb such as 'approval.approve' or 'company.update'. */
  kind: string;
  /** 'approval', 'company', 'user' or 'manager'. */
  entity: string;
  id: string;
  /** The new status when the change has one (an approval's, a bank file's). */
  status: string | null;
  /** The new version when the entity has one (bank accounts under dual control). */
  version: number | null;
  /** Who made the change (a user id). */
  actorId: number | null;
  /** When it was recorded (ISO 8601). */
  at: string;
}

export const LIVE_ERRORS = {
  tooManyStreams: (limit: number) =>
    `This account already has ${limit} live connections open; close a console tab or try again in a moment`,
} as const;
