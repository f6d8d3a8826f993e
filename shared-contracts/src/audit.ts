import * as v from 'valibot';
import { isCalendarDate } from './approvals';
import { IsoDateTimeSchema, intFromString, pagingEntries } from './common';

/** The kinds of record the activity log names (its entity_type), each with its own detail page. */
export const AUDIT_ENTITY_TYPES = ['company', 'user', 'manager', 'approval'] as const;
export type AuditEntityType = (typeof AUDIT_ENTITY_TYPES)[number];

/** Page sizes of the audit log (the API takes any limit up to MAX_LIST_LIMIT). */
export const AUDIT_PAGE_SIZES = [10, 25, 50, 100] as const;

/** The audit log's refusals and texts of our own wording. */
export const AUDIT_ERRORS = {
  userId: 'userId must be a positive whole number',
  entityType: `entityType must be one of ${AUDIT_ENTITY_TYPES.join(', ')}`,
  entityId: 'entityId must be at most 64 characters of letters, digits and dashes',
  entityIdWithoutType: 'entityId needs entityType',
  action:
    "action must be an action such as 'approval.approve', or the start of one ending with a dot such as 'approval.'",
  date: (field: 'from' | 'to') => `${field} must be a day of the calendar (YYYY-MM-DD)`,
  toBeforeFrom: 'to must be the same day as from or later',
  sortBy: 'sortBy must be createdAt',
  sortOrder: 'sortOrder must be desc (the audit log is newest first)',
} as const;

const emptyToUndefined = (value: string) => (value === '' ? undefined : value);

const dateFilter = (field: 'from' | 'to') =>
  v.optional(
    v.pipe(
      v.string(AUDIT_ERRORS.date(field)),
      v.description('A day (YYYY-MM-DD, UTC); both ends of the range are included'),
      v.trim(),
      v.transform(emptyToUndefined),
      v.union(
        [
          v.undefined(),
          v.pipe(
            v.string(),
            v.isoDate(AUDIT_ERRORS.date(field)),
            v.check(isCalendarDate, AUDIT_ERRORS.date(field)),
          ),
        ],
        AUDIT_ERRORS.date(field),
      ),
    ),
  );

/** The filters of the audit log and of its export. */
const auditFilterEntries = {
  userId: v.optional(
    v.pipe(
      v.union([v.string(), v.number()], AUDIT_ERRORS.userId),
      v.transform((value) => (value === '' ? undefined : value)),
      v.union([v.undefined(), intFromString(AUDIT_ERRORS.userId)], AUDIT_ERRORS.userId),
    ),
  ),
  entityType: v.optional(
    v.pipe(
      v.string(AUDIT_ERRORS.entityType),
      v.trim(),
      v.transform(emptyToUndefined),
      v.union([v.undefined(), v.picklist(AUDIT_ENTITY_TYPES)], AUDIT_ERRORS.entityType),
    ),
  ),
  entityId: v.optional(
    v.pipe(
      v.string(AUDIT_ERRORS.entityId),
      v.trim(),
      v.transform(emptyToUndefined),
      v.union(
        [v.undefined(), v.pipe(v.string(), v.regex(/^[A-Za-z0-9-]{1,64}$/, AUDIT_ERRORS.entityId))],
        AUDIT_ERRORS.entityId,
      ),
    ),
  ),
  action: v.optional(
    v.pipe(
      v.string(AUDIT_ERRORS.action),
      v.description("An action ('approval.approve'), or a prefix ending with a dot ('approval.')"),
      v.trim(),
      v.toLowerCase(),
      v.transform(emptyToUndefined),
      v.union(
        [
          v.undefined(),
          v.pipe(
            v.string(),
            v.regex(/^[a-z_]+(\.[a-z_]+)*\.?$/, AUDIT_ERRORS.action),
            v.maxLength(64, AUDIT_ERRORS.action),
          ),
        ],
        AUDIT_ERRORS.action,
      ),
    ),
  ),
  from: dateFilter('from'),
  to: dateFilter('to'),
  // The log reads newest first only; the list controller still sends its order.
  sortBy: v.optional(
    v.pipe(
      v.string(AUDIT_ERRORS.sortBy),
      v.transform(emptyToUndefined),
      v.union([v.undefined(), v.literal('createdAt')], AUDIT_ERRORS.sortBy),
    ),
  ),
  sortOrder: v.optional(
    v.pipe(
      v.string(AUDIT_ERRORS.sortOrder),
      v.transform(emptyToUndefined),
      v.union([v.undefined(), v.literal('desc')], AUDIT_ERRORS.sortOrder),
    ),
  ),
};

/** The checks across fields, each reported on the field to correct. */
const entityIdNeedsType = <T extends { entityType?: string | undefined; entityId?: string | undefined }>(
  input: T,
) => input.entityId === undefined || input.entityType !== undefined;
// ISO days compare as text.
const toNotBeforeFrom = <T extends { from?: string | undefined; to?: string | undefined }>(input: T) =>
  input.from === undefined || input.to === undefined || input.to >= input.from;

/** GET /api/audit: the filters, newest first, one page. */
export const AuditQuerySchema = v.pipe(
  v.object({ ...pagingEntries, ...auditFilterEntries }),
  v.forward(v.check(entityIdNeedsType, AUDIT_ERRORS.entityIdWithoutType), ['entityId']),
  v.forward(v.check(toNotBeforeFrom, AUDIT_ERRORS.toBeforeFrom), ['to']),
);
export type AuditQuery = v.InferOutput<typeof AuditQuerySchema>;

/** GET /api/audit/export: every row the filters match, as CSV, newest first. */
export const AuditExportQuerySchema = v.pipe(
  v.object(auditFilterEntries),
  v.forward(v.check(entityIdNeedsType, AUDIT_ERRORS.entityIdWithoutType), ['entityId']),
  v.forward(v.check(toNotBeforeFrom, AUDIT_ERRORS.toBeforeFrom), ['to']),
);
export type AuditExportQuery = v.InferOutput<typeof AuditExportQuerySchema>;

/** One row of the audit log. */
export const AuditEntrySchema = v.object({
  id: v.number(),
  createdAt: IsoDateTimeSchema,
  /** Who did it; null for a deleted account or the system (e.g. the QuickBooks sync). */
  userId: v.nullable(v.number()),
  /** Who did it, as the row named them when written (kept after the account is deleted). */
  userName: v.nullable(v.string()),
  /** Dotted verb, e.g. 'approval.approve'. */
  action: v.string(),
  entityType: v.nullable(v.string()),
  entityId: v.nullable(v.string()),
  description: v.string(),
  details: v.nullable(v.record(v.string(), v.unknown())),
});
export type AuditEntry = v.InferOutput<typeof AuditEntrySchema>;

/** Columns of the audit CSV, in order. */
export const AUDIT_CSV_HEADER = [
  'ID',
  'Time',
  'User ID',
  'User',
  'Action',
  'Entity Type',
  'Entity ID',
  'Description',
  'Details',
] as const;

/** The console's page of an entity the log names, or null when it has none. */
export function auditEntityPath(entityType: string | null, entityId: string | null): string | null {
  if (entityType === null || entityId === null) return null;
  switch (entityType) {
    case 'company':
      return `/companies/${entityId}`;
    case 'user':
      return `/users/${entityId}`;
    case 'manager':
      return `/managers/${entityId}`;
    case 'approval':
      return `/approvals/${entityId}`;
    default:
      return null;
  }
}
