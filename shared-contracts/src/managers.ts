import * as v from 'valibot';
import { intFromString } from './common';
import {
  emptyValue,
  ID_MAX,
  isEmail,
  maxLength,
  oneLine,
  optionalId,
  optionalText,
  singleLine,
  type FormMode,
} from './form-fields';
import { optionalFilter, pickerPagingEntries, searchText, withDefaultSort } from './lists';
import { EMAIL_MAX, TEXT_MAX } from './limits';
import { VALIDATION } from './messages';
import { ROLES } from './roles';
import { MANAGER_STATUSES } from './statuses';
import { USER_SEARCH_MAX } from './users';

/**
 * Manager entity, form, request and list schemas.
 *
 * A manager may be linked to one user account (the account that lets them into the system), and a
 * user account to at most one manager: the database holds that rule (a unique index on
 * managers.user_id), so concurrent links of one user cannot both win.
 */

// ---- answers --------------------------------------------------------------------------------

/** The user account a manager is linked to, as embedded in every manager answer. */
export const ManagerUserSchema = v.object({
  id: v.number(),
  email: v.string(),
  firstName: v.nullable(v.string()),
  lastName: v.nullable(v.string()),
  role: v.picklist(ROLES),
  isActive: v.boolean(),
});
export type ManagerUser = v.InferOutput<typeof ManagerUserSchema>;

/** Manager; `user` is the linked account (null when not linked). */
export const ManagerSchema = v.object({
  id: v.number(),
  firstName: v.string(),
  lastName: v.string(),
  email: v.string(),
  phone: v.nullable(v.string()),
  title: v.nullable(v.string()),
  status: v.picklist(MANAGER_STATUSES),
  isActive: v.boolean(),
  userId: v.nullable(v.number()),
  user: v.nullable(ManagerUserSchema),
  createdAt: v.string(),
  updatedAt: v.string(),
});
export type Manager = v.InferOutput<typeof ManagerSchema>;

/** Texts the manager endpoints answer with (our own wording unless noted). */
export const MANAGER_ERRORS = {
  /** The detail page's fallback when there is no such manager; the API's 404 text. */
  notFound: 'Manager not found',
  noUser: (id: number) => `No user with id ${id}`,
  /** 409: the user account already belongs to another manager (named, so staff can go there). */
  userTaken: (user: string, manager: string, managerId: number) =>
    `${user} is already linked to manager ${manager} (#${managerId}); unlink it there first`,
  emptyUpdate: 'Send at least one field to change',
} as const;

/** Success notices of the manager screens, word for word (the form's come from the section kit). */
export const MANAGER_NOTICES = {
  deleted: 'Manager deleted successfully',
  unlinked: 'User unlinked successfully',
} as const;

// ---- form and write requests ----------------------------------------------------------------

const statusMessage = `status must be one of ${MANAGER_STATUSES.join(', ')}`;

const requiredName = (message: string, label: string) =>
  v.pipe(
    v.string(message),
    v.trim(),
    v.nonEmpty(message),
    v.maxLength(TEXT_MAX, `${label} must be at most ${TEXT_MAX} characters`),
    singleLine(label),
  );

// A missing key reads as '' so every consumer gets the product's text, not valibot's "Invalid key".
const createName = (message: string, label: string) =>
  v.pipe(v.optional(v.string(message), ''), requiredName(message, label));

const emailField = v.pipe(
  v.string(VALIDATION.email),
  v.trim(),
  v.nonEmpty(VALIDATION.email),
  v.maxLength(EMAIL_MAX, VALIDATION.email),
  v.check(isEmail, VALIDATION.email),
  v.toLowerCase(),
);

function optionalEntries(mode: FormMode) {
  return {
    phone: optionalText(mode, 'Phone must be text', [
      maxLength(TEXT_MAX, `Phone must be at most ${TEXT_MAX} characters`),
      oneLine('Phone'),
    ]),
    title: optionalText(mode, 'Title must be text', [
      maxLength(TEXT_MAX, `Title must be at most ${TEXT_MAX} characters`),
      oneLine('Title'),
    ]),
    userId: optionalId(mode, 'userId'),
    status: v.optional(
      v.pipe(
        v.nullable(v.string(statusMessage)),
        v.transform((value) => (value === null || value.trim() === '' ? emptyValue(mode) : value.trim())),
        v.union([v.undefined(), v.null(), v.picklist(MANAGER_STATUSES)], statusMessage),
        // A status cannot be cleared: null (an emptied select) means unchanged.
        v.transform((value) => value ?? undefined),
      ),
    ),
  };
}

/**
 * The manager form (create and edit pages) and POST /api/manager/managers. Output: the payload,
 * with empty phone and title (and a 'none' user) as `undefined`, so JSON leaves them out.
 */
export const ManagerFormSchema = v.object({
  firstName: createName(VALIDATION.firstNameRequired, 'First name'),
  lastName: createName(VALIDATION.lastNameRequired, 'Last name'),
  email: v.pipe(v.optional(v.string(VALIDATION.email), ''), emailField),
  ...optionalEntries('create'),
});
export type ManagerFormInput = v.InferInput<typeof ManagerFormSchema>;
export type ManagerFormOutput = v.InferOutput<typeof ManagerFormSchema>;

/** POST /api/manager/managers: the form's schema (one source for every rule and message). */
export const ManagerCreateSchema = ManagerFormSchema;
export type ManagerCreateInput = ManagerFormOutput;

/**
 * PUT /api/manager/managers/{id}: every field optional (absent = unchanged), names and e-mail
 * non-empty when present, `null` or '' clears phone, title and userId (userId null = unlink).
 */
export const ManagerUpdateSchema = v.pipe(
  v.object({
    firstName: v.optional(requiredName(VALIDATION.firstNameRequired, 'First name')),
    lastName: v.optional(requiredName(VALIDATION.lastNameRequired, 'Last name')),
    email: v.optional(emailField),
    ...optionalEntries('update'),
  }),
  v.check((input) => Object.values(input).some((value) => value !== undefined), MANAGER_ERRORS.emptyUpdate),
);
export type ManagerUpdateInput = v.InferOutput<typeof ManagerUpdateSchema>;

/**
 * The edit form's values as an update payload: every field present, emptied ones as `null`, so
 * clearing a field on the edit page clears it on the server (and 'No user account' unlinks).
 */
export function managerFormToUpdate(values: ManagerFormOutput): ManagerUpdateInput {
  return {
    firstName: values.firstName,
    lastName: values.lastName,
    email: values.email,
    phone: values.phone ?? null,
    title: values.title ?? null,
    userId: values.userId ?? null,
    ...(values.status ? { status: values.status } : {}),
  };
}

/** PUT /api/manager/managers/{id}/link-user */
export const ManagerLinkUserSchema = v.object({
  userId: v.pipe(
    v.unknown(),
    v.check((value) => value !== undefined && value !== null, 'userId is required'),
    v.check(
      (value) =>
        value == null ||
        (typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= ID_MAX),
      'userId must be a positive whole number',
    ),
    v.transform((value) => value as number),
  ),
});
export type ManagerLinkUserInput = v.InferOutput<typeof ManagerLinkUserSchema>;

// ---- list and search ------------------------------------------------------------------------

/** `name` sorts by first then last name, case-insensitively (the list's Manager column). */
export const MANAGER_SORT_FIELDS = [
  'name',
  'firstName',
  'lastName',
  'email',
  'title',
  'status',
  'createdAt',
  'updatedAt',
] as const;
export type ManagerSortField = (typeof MANAGER_SORT_FIELDS)[number];

/** `linked` filter: yes (linked to a user account), no (not linked); '' and 'all' mean both. */
export const MANAGER_LINKED_FILTERS = ['yes', 'no'] as const;
export type ManagerLinkedFilter = (typeof MANAGER_LINKED_FILTERS)[number];

/** GET /api/manager/managers (list page and the manager picker). */
export const ManagerListQuerySchema = v.pipe(
  v.object({
    ...pickerPagingEntries,
    search: searchText(USER_SEARCH_MAX),
    status: optionalFilter(MANAGER_STATUSES, statusMessage),
    linked: optionalFilter(MANAGER_LINKED_FILTERS, 'linked must be yes or no'),
    sortBy: optionalFilter(MANAGER_SORT_FIELDS, `sortBy must be one of ${MANAGER_SORT_FIELDS.join(', ')}`),
  }),
  v.transform(withDefaultSort<ManagerSortField>('createdAt')),
);
export type ManagerListQuery = v.InferOutput<typeof ManagerListQuerySchema>;

/** How many matches GET /api/manager/managers/search answers at most. */
export const MANAGER_SEARCH_RESULTS = 20;

/** GET /api/manager/managers/search?q= (name, e-mail or title). */
export const ManagerSearchQuerySchema = v.object({
  q: v.pipe(
    v.optional(v.string('q is required'), ''),
    v.trim(),
    v.nonEmpty('q is required'),
    v.maxLength(USER_SEARCH_MAX, `q must be at most ${USER_SEARCH_MAX} characters`),
  ),
  limit: v.optional(
    intFromString(
      `limit must be a whole number from 1 to ${MANAGER_SEARCH_RESULTS}`,
      1,
      MANAGER_SEARCH_RESULTS,
    ),
    MANAGER_SEARCH_RESULTS,
  ),
});
