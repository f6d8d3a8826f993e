import * as v from 'valibot';
import { intFromString, pagingEntries, shapeUnion } from './common';
import { optionalFilter, searchText, withDefaultSort } from './lists';
import { CompanySchema, QbTokenStatusSchema } from './entities';
import {
  ID_MAX,
  hasControlCharacter,
  isEmail,
  linesOnly,
  maxLength,
  oneLine,
  optionalId,
  optionalText,
  singleLine,
  type FormMode,
} from './form-fields';
import { COMPANY_NAME_MAX, EMAIL_MAX, LONG_TEXT_MAX, TEXT_MAX } from './limits';
import { VALIDATION } from './messages';
import { COMPANY_STATUSES, INDUSTRIES, QB_CONNECTION_STATUSES } from './statuses';

/**
 * Company form and request schemas.
 *
 * One schema serves the form and the server: `CompanyFormSchema` (= `CompanyCreateSchema`) takes
 * what a form holds (text inputs give '' when empty, selects may give '12') and outputs the payload:
 * trimmed text, '' turned into "absent", ids as integers. `CompanyUpdateSchema` takes the same
 * fields, each optional (absent = unchanged) and `null` (or '') to clear.
 *
 * Website: http and https URLs. A bare host such as `example.com` or `www.example.com/about` is
 * normalised to `https://example.com`; anything else without http(s) (ftp:, mailto:, a host
 * without a dot, text with spaces) is 'Invalid website URL'.
 *
 * Duplicate company names are allowed: distinct legal entities can share a trading name.
 */

/** Longest website URL accepted (the column is varchar(2048)). */
export const WEBSITE_MAX = 2048;
/** Longest `search` / `q` text of the company list and search. */
export const COMPANY_SEARCH_MAX = 200;
/** How many matches GET /api/company/companies/search answers. */
export const COMPANY_SEARCH_RESULTS = 20;

/** The four company staff roles and their id fields. */
export const COMPANY_ASSIGNEE_FIELDS = ['managerId', 'processorId', 'approverId', 'accountantId'] as const;
export type CompanyAssigneeField = (typeof COMPANY_ASSIGNEE_FIELDS)[number];
/** Human names of the assignee fields, as used in messages and activity. */
export const COMPANY_ASSIGNEE_ROLES: Readonly<Record<CompanyAssigneeField, string>> = {
  managerId: 'manager',
  processorId: 'processor',
  approverId: 'approver',
  accountantId: 'accountant',
};

/** Texts the company endpoints answer with (our own wording unless noted). */
export const COMPANY_ERRORS = {
  /** The detail page's fallback when there is no such company; the API's 404 text. */
  notFound: 'Company not found',
  assignmentShape: 'Send exactly one of managerId, processorId, approverId, accountantId',
  emptyUpdate: 'Send at least one field to change',
  noManager: (id: number) => `No manager with id ${id}`,
  noUser: (id: number) => `No user with id ${id}`,
  userRole: (id: number, role: string) => `User ${id} cannot be assigned: role ${role}`,
  userInactive: (id: number) => `User ${id} cannot be assigned: the account is inactive`,
  qbStatusUnreadable: 'QuickBooks token status could not be read',
  qbNoTokens: 'This company has no QuickBooks tokens to refresh',
  qbTokensUnreadable: 'The stored QuickBooks tokens could not be read; reconnect the company to QuickBooks',
  qbRejected: 'QuickBooks rejected the refresh token; reconnect the company to QuickBooks',
  qbUnreachable: 'QuickBooks could not be reached; try again later',
  qbUpstream: 'QuickBooks answered with an error; try again later',
  qbNotConfigured: 'QuickBooks is not configured on this server',
  /** Deleting a company would delete approvals that are payment records. */
  hasPaymentRecords: (count: number) =>
    `This company cannot be deleted: it has ${count} approved or paid approval${count === 1 ? '' : 's'}, which are payment records and must be kept`,
} as const;

/** Roles a processor, approver or accountant may have. */
export const COMPANY_STAFF_ROLES = ['ADMIN', 'MODERATOR', 'USER'] as const;

/** `example.com/x` → `https://example.com/x`; values with a scheme are left as they are. */
export function normaliseWebsite(value: string): string {
  const trimmed = value.trim();
  if (trimmed === '') return trimmed;
  // "scheme:" not followed by a digit (so host:8080 is not mistaken for a scheme).
  return /^[a-z][a-z0-9+.-]*:(?!\d)/i.test(trimmed) ? trimmed : `https://${trimmed}`;
}

/** True for an absolute http(s) URL with a dotted host name (or localhost) and no spaces. */
export function isWebsiteUrl(value: string): boolean {
  if (/\s/.test(value) || value.length > WEBSITE_MAX) return false;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
  const host = url.hostname;
  if (host === 'localhost') return true;
  if (!host.includes('.') || host.startsWith('.') || host.endsWith('.') || host.includes('..')) return false;
  return /^[a-z0-9.-]+$/i.test(host);
}

// A missing name reads as '' so every consumer gets the product's text, not valibot's "Invalid key".
const nameSchema = v.pipe(
  v.optional(v.string(VALIDATION.companyNameRequired), ''),
  v.trim(),
  v.nonEmpty(VALIDATION.companyNameRequired),
  v.maxLength(COMPANY_NAME_MAX, VALIDATION.companyNameTooLong),
  singleLine('Company name'),
);

const updateNameSchema = v.pipe(
  v.string(VALIDATION.companyNameRequired),
  v.trim(),
  v.nonEmpty(VALIDATION.companyNameRequired),
  v.maxLength(COMPANY_NAME_MAX, VALIDATION.companyNameTooLong),
  singleLine('Company name'),
);

function companyEntries(mode: FormMode) {
  return {
    email: optionalText(
      mode,
      VALIDATION.companyEmail,
      [
        maxLength(EMAIL_MAX, VALIDATION.companyEmail),
        (value) => (isEmail(value) ? null : VALIDATION.companyEmail),
      ],
      (value) => value.toLowerCase(),
    ),
    phone: optionalText(mode, 'Phone must be text', [
      maxLength(TEXT_MAX, `Phone must be at most ${TEXT_MAX} characters`),
      oneLine('Phone'),
    ]),
    website: optionalText(
      mode,
      VALIDATION.companyWebsite,
      [(value) => (isWebsiteUrl(value) && !hasControlCharacter(value) ? null : VALIDATION.companyWebsite)],
      normaliseWebsite,
    ),
    address: optionalText(mode, 'Address must be text', [
      maxLength(LONG_TEXT_MAX, `Address must be at most ${LONG_TEXT_MAX} characters`),
      linesOnly('Address'),
    ]),
    description: optionalText(mode, 'Description must be text', [
      maxLength(LONG_TEXT_MAX, `Description must be at most ${LONG_TEXT_MAX} characters`),
      linesOnly('Description'),
    ]),
    industry: optionalText(mode, 'Choose an industry from the list', [
      (value) =>
        (INDUSTRIES as readonly string[]).includes(value) ? null : 'Choose an industry from the list',
    ]),
    managerId: optionalId(mode, 'managerId'),
    processorId: optionalId(mode, 'processorId'),
    approverId: optionalId(mode, 'approverId'),
    accountantId: optionalId(mode, 'accountantId'),
  };
}

/**
 * The company form (create and edit pages) and POST /api/company/companies. Output: the payload,
 * with empty optional values as `undefined` (JSON.stringify drops them: "omitted").
 */
export const CompanyFormSchema = v.object({ name: nameSchema, ...companyEntries('create') });
export type CompanyFormInput = v.InferInput<typeof CompanyFormSchema>;
export type CompanyFormOutput = v.InferOutput<typeof CompanyFormSchema>;

/** POST /api/company/companies: the form's schema (one source for every rule and message). */
export const CompanyCreateSchema = CompanyFormSchema;
export type CompanyCreateInput = CompanyFormOutput;

/**
 * PUT /api/company/companies/{id} (full form): every field optional (absent = unchanged), name
 * non-empty when present, `null` or '' clears an optional field.
 */
export const CompanyUpdateSchema = v.pipe(
  v.object({ name: v.optional(updateNameSchema), ...companyEntries('update') }),
  v.check((input) => Object.keys(input).length > 0, COMPANY_ERRORS.emptyUpdate),
);
export type CompanyUpdateInput = v.InferOutput<typeof CompanyUpdateSchema>;

/**
 * The edit form's values as an update payload: every form field present, empty ones as `null`, so
 * clearing a field on the edit page clears it on the server (an omitted field stays unchanged).
 */
export function companyFormToUpdate(values: CompanyFormOutput): CompanyUpdateInput {
  const fields = [
    'name',
    'email',
    'phone',
    'website',
    'address',
    'description',
    'industry',
    ...COMPANY_ASSIGNEE_FIELDS,
  ] as const;
  const out: Record<string, unknown> = {};
  for (const field of fields) out[field] = values[field] ?? null;
  return out as CompanyUpdateInput;
}

const assignmentId = (field: CompanyAssigneeField) => {
  const message = `${field} must be a positive whole number or null`;
  return v.optional(
    v.nullable(
      v.pipe(v.number(message), v.integer(message), v.minValue(1, message), v.maxValue(ID_MAX, message)),
    ),
  );
};

/**
 * The inline assignment of the detail page: exactly ONE of the four ids, an integer or `null`
 * to clear.
 */
export const CompanyAssignmentSchema = v.pipe(
  v.looseObject({
    managerId: assignmentId('managerId'),
    processorId: assignmentId('processorId'),
    approverId: assignmentId('approverId'),
    accountantId: assignmentId('accountantId'),
  }),
  v.check(
    (input) =>
      Object.keys(input).length === 1 &&
      COMPANY_ASSIGNEE_FIELDS.some((field) => Object.prototype.hasOwnProperty.call(input, field)),
    COMPANY_ERRORS.assignmentShape,
  ),
  v.transform((input) => {
    const field = COMPANY_ASSIGNEE_FIELDS.find((key) => Object.prototype.hasOwnProperty.call(input, key))!;
    return { field, value: (input[field] ?? null) as number | null };
  }),
);
export type CompanyAssignmentInput = v.InferOutput<typeof CompanyAssignmentSchema>;

/** True when a PUT body holds nothing but assignee ids: the inline assignment. */
export function isAssignmentBody(body: unknown): boolean {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return false;
  const keys = Object.keys(body);
  return keys.length > 0 && keys.every((key) => (COMPANY_ASSIGNEE_FIELDS as readonly string[]).includes(key));
}

/**
 * PUT /api/company/companies/{id}: the detail page's inline assignment when the body holds nothing
 * but assignee ids, else the full form's update.
 */
export const CompanyPutSchema = shapeUnion([CompanyAssignmentSchema, CompanyUpdateSchema], (input) =>
  isAssignmentBody(input) ? CompanyAssignmentSchema : CompanyUpdateSchema,
);
export type CompanyPutInput = v.InferOutput<typeof CompanyPutSchema>;

// ---- list queries ---------------------------------------------------------------------------

/** `qbConnectionStatus` filter values: the stored ones plus 'none' (never connected). */
export const QB_STATUS_FILTERS = [...QB_CONNECTION_STATUSES, 'none'] as const;
export type QbStatusFilter = (typeof QB_STATUS_FILTERS)[number];

export const COMPANY_SORT_FIELDS = [
  'name',
  'email',
  'status',
  'qbConnectionStatus',
  'industry',
  'createdAt',
  'updatedAt',
] as const;
export type CompanySortField = (typeof COMPANY_SORT_FIELDS)[number];

/**
 * GET /api/company/companies. `limit` goes up to 1000 (COMPANY_FILTER_LIMIT: the approvals
 * company filter reads 1000 at once); the list page itself asks for 10.
 */
export const CompanyListQuerySchema = v.pipe(
  v.object({
    ...pagingEntries,
    search: searchText(COMPANY_SEARCH_MAX),
    status: optionalFilter(COMPANY_STATUSES, `status must be one of ${COMPANY_STATUSES.join(', ')}`),
    qbConnectionStatus: optionalFilter(
      QB_STATUS_FILTERS,
      `qbConnectionStatus must be one of ${QB_STATUS_FILTERS.join(', ')}`,
    ),
    sortBy: optionalFilter(COMPANY_SORT_FIELDS, `sortBy must be one of ${COMPANY_SORT_FIELDS.join(', ')}`),
  }),
  v.transform(withDefaultSort<CompanySortField>('createdAt')),
);
export type CompanyListQuery = v.InferOutput<typeof CompanyListQuerySchema>;

/** GET /api/company/companies/search?q= */
export const CompanySearchQuerySchema = v.object({
  q: v.pipe(
    v.optional(v.string('q is required'), ''),
    v.trim(),
    v.nonEmpty('q is required'),
    v.maxLength(COMPANY_SEARCH_MAX, `q must be at most ${COMPANY_SEARCH_MAX} characters`),
  ),
  limit: v.optional(
    intFromString(
      `limit must be a whole number from 1 to ${COMPANY_SEARCH_RESULTS}`,
      1,
      COMPANY_SEARCH_RESULTS,
    ),
    COMPANY_SEARCH_RESULTS,
  ),
});

// ---- answers --------------------------------------------------------------------------------

/** One match of GET /api/company/companies/search. */
export const CompanySearchResultSchema = v.pick(CompanySchema, [
  'id',
  'name',
  'email',
  'industry',
  'status',
  'isActive',
  'qbConnectionStatus',
]);
export type CompanySearchResult = v.InferOutput<typeof CompanySearchResultSchema>;

/** POST /api/company/companies/{id}/refresh-qb-token: the new token status and the company. */
export const QbTokenRefreshResultSchema = v.object({
  ...QbTokenStatusSchema.entries,
  company: CompanySchema,
});
export type QbTokenRefreshResult = v.InferOutput<typeof QbTokenRefreshResultSchema>;
