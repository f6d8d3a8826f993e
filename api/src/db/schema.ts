/**
 * The whole database in one place. Later features only add endpoints (and, when a
 * query needs it, an index): every table they read or write is already here.
 *
 * Conventions: integer ids for users, companies and managers (the console sends assignees as
 * integers); UUIDs for approvals (the console shows their first 8 characters); money in integer
 * cents; every timestamp `timestamptz`.
 */
import { sql, type SQL } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import {
  APPROVAL_PRIORITIES,
  type ApprovalOrigin,
  type QbBillPaymentStatus,
  type QbChangeAfterDecision,
  APPROVAL_STATUSES,
  BANK_ACCOUNT_TYPES,
  COMPANY_STATUSES,
  MANAGER_STATUSES,
  ROLES,
  type Bill,
  type DuplicateKind,
  type PolicyApprover,
  type PolicyDefinition,
  type StepMode,
} from 'shared-contracts';

export const roleEnum = pgEnum('user_role', ROLES);
export const companyStatusEnum = pgEnum('company_status', COMPANY_STATUSES);
export const managerStatusEnum = pgEnum('manager_status', MANAGER_STATUSES);
export const approvalStatusEnum = pgEnum('approval_status', APPROVAL_STATUSES);
export const approvalPriorityEnum = pgEnum('approval_priority', APPROVAL_PRIORITIES);
export const bankAccountTypeEnum = pgEnum('bank_account_type', BANK_ACCOUNT_TYPES);

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());

/**
 * What the user search matches: "first last" and the e-mail, lower-cased, joined by a newline (so
 * "Ada Admin" matches the full name but no term spans name and e-mail). users_search_trgm_idx is
 * on exactly this expression; queries must use it verbatim to be served by the index.
 */
export function userSearchText(t: {
  firstName: AnyPgColumn;
  lastName: AnyPgColumn;
  email: AnyPgColumn;
}): SQL {
  return sql`lower(coalesce(${t.firstName}, '') || ' ' || coalesce(${t.lastName}, '') || chr(10) || ${t.email})`;
}

/** The User column's sort key: "first last", else the e-mail, lower-cased (users_name_sort_id_idx). */
export function userSortName(t: { firstName: AnyPgColumn; lastName: AnyPgColumn; email: AnyPgColumn }): SQL {
  return sql`lower(coalesce(nullif(trim(coalesce(${t.firstName}, '') || ' ' || coalesce(${t.lastName}, '')), ''), ${t.email}))`;
}

/**
 * A person's name as copied into history (first name, a space, last name: 255 + 1 + 255). The
 * copies were 255 long, so every write by someone with two long names failed with a 500 (found
 * by the fuzz suite).
 */
export const PERSON_NAME_LENGTH = 511;

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    /** Always stored lower-case (the schemas lower-case it), so equality is enough. */
    email: varchar('email', { length: 254 }).notNull(),
    passwordHash: text('password_hash').notNull(),
    firstName: varchar('first_name', { length: 255 }),
    lastName: varchar('last_name', { length: 255 }),
    title: varchar('title', { length: 255 }),
    role: roleEnum('role').notNull().default('USER'),
    isActive: boolean('is_active').notNull().default(true),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    /** Who registered the account: the approve rules refuse a registrar and their accounts deciding each other's approvals. */
    createdById: integer('created_by').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    /** False for an account a MODERATOR registered, until an ADMIN grants it. */
    mayDecidePayments: boolean('may_decide_payments').notNull().default(true),
    /** Out of office during [awayFrom, awayUntil): the delegate may decide this person's steps. */
    awayFrom: timestamp('away_from', { withTimezone: true }),
    awayUntil: timestamp('away_until', { withTimezone: true }),
    delegateId: integer('delegate_id').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    // The user list's common views (migration 0007): filter + sort with id as tiebreaker, so
    // LIMIT/OFFSET reads an index in order; ascending sorts scan the same indexes backwards.
    index('users_created_at_id_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('users_role_created_at_id_idx').on(
      t.role,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('users_active_created_at_id_idx').on(
      t.isActive,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('users_updated_at_id_idx').on(t.updatedAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('users_last_login_at_id_idx').on(t.lastLoginAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('users_name_sort_id_idx').on(userSortName(t), t.id),
    index('users_first_name_lower_id_idx').on(sql`lower(${t.firstName})`, t.id),
    index('users_last_name_lower_id_idx').on(sql`lower(${t.lastName})`, t.id),
    index('users_role_id_idx').on(t.role, t.id),
    index('users_delegate_id_idx')
      .on(t.delegateId)
      .where(sql`${t.delegateId} is not null`),
    index('users_active_id_idx').on(t.isActive, t.id),
    // The overview's activity rate: active users who signed in during the last 30 days.
    index('users_recent_login_idx')
      .on(t.lastLoginAt)
      .where(sql`${t.isActive}`),
    index('users_search_trgm_idx')
      .using('gin', sql`${userSearchText(t)} gin_trgm_ops`)
      .with({ fastupdate: false }),
  ],
);

/**
 * What the manager search matches: "first last", e-mail and title lower-cased, joined by a newline
 * (so a term cannot match across two fields but "ada love" matches the full name). The index
 * managers_search_trgm_idx is on exactly this expression; queries must use it verbatim.
 */
export function managerSearchText(t: {
  firstName: AnyPgColumn;
  lastName: AnyPgColumn;
  email: AnyPgColumn;
  title: AnyPgColumn;
}): SQL {
  return sql`lower(${t.firstName} || ' ' || ${t.lastName} || chr(10) || ${t.email} || chr(10) || coalesce(${t.title}, ''))`;
}

export const managers = pgTable(
  'managers',
  {
    id: serial('id').primaryKey(),
    firstName: varchar('first_name', { length: 255 }).notNull(),
    lastName: varchar('last_name', { length: 255 }).notNull(),
    email: varchar('email', { length: 254 }).notNull(),
    phone: varchar('phone', { length: 255 }),
    title: varchar('title', { length: 255 }),
    status: managerStatusEnum('status').notNull().default('ACTIVE'),
    isActive: boolean('is_active').notNull().default(true),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // A user account belongs to at most one manager: the database decides between concurrent
    // links (the loser gets 23505 and a 409), not a read-then-write in the service.
    uniqueIndex('managers_user_id_key').on(t.userId),
    // The manager list's views (filter + sort + id tiebreaker, so LIMIT/OFFSET reads an index in
    // order). Ascending sorts scan the same indexes backwards.
    index('managers_created_at_id_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('managers_status_created_at_id_idx').on(
      t.status,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('managers_linked_created_at_id_idx').on(
      sql`(${t.userId} IS NOT NULL)`,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    // Sorts by name are case-insensitive: first name, then last name.
    index('managers_name_lower_id_idx').on(sql`lower(${t.firstName})`, sql`lower(${t.lastName})`, t.id),
    index('managers_status_name_lower_id_idx').on(
      t.status,
      sql`lower(${t.firstName})`,
      sql`lower(${t.lastName})`,
      t.id,
    ),
    index('managers_last_name_lower_id_idx').on(sql`lower(${t.lastName})`, sql`lower(${t.firstName})`, t.id),
    // E-mails are stored lower-cased (the schemas lower-case them).
    index('managers_email_id_idx').on(t.email, t.id),
    index('managers_title_lower_id_idx').on(sql`lower(${t.title})`, t.id),
    index('managers_status_id_idx').on(t.status, t.id),
    index('managers_updated_at_id_idx').on(t.updatedAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // The list's search over full name, e-mail and title: one trigram index (managerSearchText).
    index('managers_search_trgm_idx')
      .using('gin', sql`${managerSearchText(t)} gin_trgm_ops`)
      .with({ fastupdate: false }),
  ],
);

/**
 * Managers per (status, linked), kept exact by triggers on `managers` (migration 0008) in the
 * same transaction as every change, so the list's total without a search is a sum over at most
 * 6 rows instead of a COUNT(*) of the table.
 */
export const managerCounts = pgTable(
  'manager_counts',
  {
    status: managerStatusEnum('status').notNull(),
    linked: boolean('linked').notNull(),
    count: bigint('count', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.status, t.linked] })],
);

/**
 * What the company search matches: name, e-mail and industry lower-cased and joined by a newline
 * (so a term cannot match across two fields). The index companies_search_trgm_idx is on exactly
 * this expression; queries must use it verbatim to be served by the index.
 */
export function companySearchText(t: { name: AnyPgColumn; email: AnyPgColumn; industry: AnyPgColumn }): SQL {
  return sql`lower(${t.name} || chr(10) || coalesce(${t.email}, '') || chr(10) || coalesce(${t.industry}, ''))`;
}

export const companies = pgTable(
  'companies',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 255 }).notNull(),
    email: varchar('email', { length: 254 }),
    phone: varchar('phone', { length: 255 }),
    website: varchar('website', { length: 2048 }),
    address: text('address'),
    description: text('description'),
    industry: varchar('industry', { length: 255 }),
    status: companyStatusEnum('status').notNull().default('ACTIVE'),
    isActive: boolean('is_active').notNull().default(true),
    /** 'connected' | 'disconnected' | 'error'; null means never connected. */
    qbConnectionStatus: text('qb_connection_status'),
    qbRealmId: varchar('qb_realm_id', { length: 64 }),
    qbLastRefresh: timestamp('qb_last_refresh', { withTimezone: true }),
    /** AES-256-GCM ciphertexts (see quickbooks/token-cipher.ts); never returned by the API. */
    qbAccessTokenEnc: text('qb_access_token_enc'),
    qbRefreshTokenEnc: text('qb_refresh_token_enc'),
    qbTokenExpiresAt: timestamp('qb_token_expires_at', { withTimezone: true }),
    /** Single-flight refresh: set while one request refreshes upstream (companies.service.ts). */
    qbRefreshLeaseUntil: timestamp('qb_refresh_lease_until', { withTimezone: true }),
    /** 'ok' or the failure kind of the last refresh, and when it ended: what waiters answer. */
    qbRefreshOutcome: text('qb_refresh_outcome'),
    qbRefreshFinishedAt: timestamp('qb_refresh_finished_at', { withTimezone: true }),
    managerId: integer('manager_id').references(() => managers.id, { onDelete: 'set null' }),
    processorId: integer('processor_id').references(() => users.id, { onDelete: 'set null' }),
    approverId: integer('approver_id').references(() => users.id, { onDelete: 'set null' }),
    accountantId: integer('accountant_id').references(() => users.id, { onDelete: 'set null' }),
    /** How long an approval step waits before the ADMINs may decide it too. */
    escalationHours: integer('escalation_hours').notNull().default(48),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check(
      'companies_qb_connection_status_check',
      sql`${t.qbConnectionStatus} IS NULL OR ${t.qbConnectionStatus} IN ('connected', 'disconnected', 'error')`,
    ),
    // The company list's common views (filter + sort + id tiebreaker, so LIMIT/OFFSET reads an
    // index in order and pages are stable). Ascending sorts scan the same indexes backwards.
    index('companies_created_at_id_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('companies_status_created_at_id_idx').on(
      t.status,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('companies_qb_status_created_at_id_idx').on(
      t.qbConnectionStatus,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    // Case-insensitive sort by name, alone and per status.
    index('companies_name_lower_id_idx').on(sql`lower(${t.name})`, t.id),
    index('companies_status_name_lower_id_idx').on(t.status, sql`lower(${t.name})`, t.id),
    // The other sortable columns, so no sort reads the whole table.
    index('companies_email_lower_id_idx').on(sql`lower(${t.email})`, t.id),
    index('companies_industry_lower_id_idx').on(sql`lower(${t.industry})`, t.id),
    index('companies_status_id_idx').on(t.status, t.id),
    index('companies_qb_status_id_idx').on(t.qbConnectionStatus, t.id),
    index('companies_updated_at_id_idx').on(t.updatedAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // The list's search: '%x%' over name, e-mail and industry at once, through ONE trigram index on
    // their lower-cased concatenation (companySearchText). One index probe instead of three OR'ed
    // ones, and one LIKE per row when the planner scans anyway (ILIKE on three columns costs ~3x).
    // It replaces the separate name and e-mail trigram indexes, which nothing queries any more.
    // fastupdate off: no pending list that only VACUUM would merge (embedded PGlite never vacuums).
    index('companies_search_trgm_idx')
      .using('gin', sql`${companySearchText(t)} gin_trgm_ops`)
      .with({ fastupdate: false }),
    // Foreign keys with ON DELETE SET NULL: without these a user delete scans companies.
    index('companies_manager_id_idx').on(t.managerId),
    index('companies_processor_id_idx').on(t.processorId),
    index('companies_approver_id_idx').on(t.approverId),
    index('companies_accountant_id_idx').on(t.accountantId),
  ],
);

export const approvals = pgTable(
  'approvals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    status: approvalStatusEnum('status').notNull().default('PENDING'),
    priority: approvalPriorityEnum('priority').notNull().default('MEDIUM'),
    /** Bills as QuickBooks returns them; the API answers them as JSON text. */
    bills: jsonb('bills')
      .$type<Bill[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    approvedBills: jsonb('approved_bills').$type<Bill[]>(),
    billIds: text('bill_ids')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    approvedBillIds: text('approved_bill_ids')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    totalBills: integer('total_bills').notNull().default(0),
    processedBills: integer('processed_bills').notNull().default(0),
    totalAmountCents: bigint('total_amount_cents', { mode: 'number' }).notNull().default(0),
    /** Sum of the approved bills (0 until approved). */
    approvedAmountCents: bigint('approved_amount_cents', { mode: 'number' }).notNull().default(0),
    /**
     * The company's name, copied at creation and kept in step by company renames: it lets the list sort and search by company without a join.
     */
    companyName: varchar('company_name', { length: 255 }),
    managerId: integer('manager_id').references(() => managers.id, { onDelete: 'set null' }),
    managerName: varchar('manager_name', { length: PERSON_NAME_LENGTH }),
    managerEmail: varchar('manager_email', { length: 254 }),
    recipients: jsonb('recipients')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    createdById: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    /** Names are copied so history stays readable after a user is deleted. */
    createdByName: varchar('created_by_name', { length: PERSON_NAME_LENGTH }),
    approvedById: integer('approved_by_id').references(() => users.id, { onDelete: 'set null' }),
    approvedBy: varchar('approved_by', { length: PERSON_NAME_LENGTH }),
    approvalDate: timestamp('approval_date', { withTimezone: true }),
    rejectedById: integer('rejected_by_id').references(() => users.id, { onDelete: 'set null' }),
    rejectedBy: varchar('rejected_by', { length: PERSON_NAME_LENGTH }),
    rejectionDate: timestamp('rejection_date', { withTimezone: true }),
    rejectionReason: text('rejection_reason'),
    /** The bank accounts the approve decision saw; a file is refused when one changed since. */
    decisionAccounts: jsonb('decision_accounts').$type<DecisionAccount[]>(),
    nachaFileGenerated: boolean('nacha_file_generated').notNull().default(false),
    nachaFileName: varchar('nacha_file_name', { length: 255 }),
    nachaBatchNumber: varchar('nacha_batch_number', { length: 64 }),
    nachaGeneratedAt: timestamp('nacha_generated_at', { withTimezone: true }),
    /** 'GENERATED', 'PENDING', a later status, or what a failed generation misses. */
    nachaProcessingStatus: text('nacha_processing_status'),
    nachaFileUrl: varchar('nacha_file_url', { length: 2048 }),
    /**
     * QuickBooks changes to its bills after it was decided (migration 0024): never applied; while
     * any is here the approval warns and its bank file is refused until someone decides again.
     */
    qbChangesAfterDecision: jsonb('qb_changes_after_decision').$type<QbChangeAfterDecision[]>(),
    /** 'MANUAL' (entered in the console or through the API) or 'QUICKBOOKS' (imported by a sync). */
    origin: varchar('origin', { length: 16 }).$type<ApprovalOrigin>().notNull().default('MANUAL'),
    /** The policy version (0: the built-in default) and rule (1-based) this approval follows. */
    policyVersion: integer('policy_version').notNull().default(0),
    policyRule: integer('policy_rule'),
    /** The step waiting for a decision (1-based), null once decided; a copy of its label. */
    currentStep: integer('current_step'),
    stepCount: integer('step_count').notNull().default(0),
    currentStepLabel: text('current_step_label'),
    /** Nobody active could satisfy the current step (escalated at once); cleared when it is decided. */
    stuck: boolean('stuck').notNull().default(false),
    /**
     * Who may decide the current step, as keys ('u:<user id>', 'r:<role>', 'a:<company id>:<assignee>');
     * NULL unless PENDING with an open step. Kept by triggers (migration 0028) in the same
     * transaction as every step write and status change, so the reviewer's queue walks an index.
     */
    waitingFor: text('waiting_for').array(),
    /**
     * Who already decided a step of this waiting approval (the decider and whom they stood in for):
     * the queue leaves it out for them. NULL exactly when waitingFor is; kept by the same triggers
     * (migration 0032), so the queue's walk filters on the index entry, with no look-up per row.
     */
    waitingDecided: integer('waiting_decided').array(),
    /**
     * What the list's search matches besides the id prefix: company name, manager name and
     * e-mail, the bills' vendor names and document numbers, lower-cased and newline-separated.
     * Generated by PostgreSQL, so it cannot disagree with the row; trigram-indexed.
     */
    searchText: text('search_text').generatedAlwaysAs(
      sql`lower(coalesce(company_name, '') || chr(10) || coalesce(manager_name, '') || chr(10) || coalesce(manager_email, '') || chr(10) || jsonb_path_query_array(bills, '$[*].VendorRef.name')::text || chr(10) || jsonb_path_query_array(bills, '$[*].DocNumber')::text)`,
    ),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('approvals_origin_check', sql`${t.origin} IN ('MANUAL', 'QUICKBOOKS')`),
    // The list's views: filter + sort + id tiebreaker, so LIMIT/OFFSET walks an index in order
    // (ascending sorts walk the same indexes backwards).
    index('approvals_created_at_id_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('approvals_status_created_at_id_idx').on(
      t.status,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('approvals_company_created_at_id_idx').on(
      t.companyId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('approvals_priority_created_at_id_idx').on(
      t.priority,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('approvals_company_name_lower_id_idx').on(sql`lower(${t.companyName})`, t.id),
    index('approvals_status_id_idx').on(t.status, t.id),
    index('approvals_priority_id_idx').on(t.priority, t.id),
    index('approvals_total_bills_id_idx').on(t.totalBills, t.id),
    index('approvals_processed_bills_id_idx').on(t.processedBills, t.id),
    index('approvals_total_amount_id_idx').on(t.totalAmountCents, t.id),
    index('approvals_manager_name_lower_id_idx').on(sql`lower(${t.managerName})`, t.id),
    // The expiry sweep: PENDING rows by age.
    index('approvals_pending_created_at_idx')
      .on(t.createdAt)
      .where(sql`${t.status} = 'PENDING'`),
    index('approvals_search_trgm_idx')
      .using('gin', sql`${t.searchText} gin_trgm_ops`)
      .with({ fastupdate: false }),
    // A search's capped count and default-order page read this alone, never the ~3 KB rows (the
    // migration adds INCLUDE (status, priority, company_id, search_text), which Drizzle's builder
    // cannot say).
    index('approvals_search_covering_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // The dashboard's decided-per-day chart: the last 30 days of decisions as an index range
    // (migration 0030); partial, so undecided rows cost nothing.
    index('approvals_approval_date_idx')
      .on(t.approvalDate)
      .where(sql`${t.approvalDate} is not null`),
    index('approvals_rejection_date_idx')
      .on(t.rejectionDate)
      .where(sql`${t.rejectionDate} is not null`),
    // Id-prefix search: the id's text with pattern ops so `LIKE 'ab12%'` is an index range.
    index('approvals_id_text_idx').on(sql`(${t.id}::text) text_pattern_ops`),
    index('approvals_created_by_idx').on(t.createdById),
    // The dashboard's count of stuck approvals (nobody active could satisfy their step).
    index('approvals_stuck_idx')
      .on(t.createdAt)
      .where(sql`${t.stuck} and ${t.status} = 'PENDING'`),
    index('approvals_manager_id_idx').on(t.managerId),
    // The reviewer's queue: a person named on few approvals (GIN), anyone else (the default order;
    // the migration adds INCLUDE (waiting_for, waiting_decided, created_by), which Drizzle's builder cannot say).
    index('approvals_waiting_for_idx')
      .using('gin', t.waitingFor)
      .with({ fastupdate: false })
      .where(sql`${t.waitingFor} is not null`),
    // Someone whose role no step names: their own keys, through an index the partial ones above
    // cannot stand in for (migration 0035), so its plan is kept.
    index('approvals_waiting_any_idx')
      .using('gin', sql`coalesce(${t.waitingFor}, '{}'::text[])`)
      .with({ fastupdate: false }),
    index('approvals_waiting_created_at_id_idx')
      .on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.waitingFor} is not null`),
    // The list's other orders over the waiting approvals only.
    index('approvals_waiting_id_idx')
      .on(t.id)
      .where(sql`${t.waitingFor} is not null`),
    index('approvals_waiting_company_name_lower_id_idx')
      .on(sql`lower(${t.companyName})`, t.id)
      .where(sql`${t.waitingFor} is not null`),
    index('approvals_waiting_status_id_idx')
      .on(t.status, t.id)
      .where(sql`${t.waitingFor} is not null`),
    index('approvals_waiting_priority_id_idx')
      .on(t.priority, t.id)
      .where(sql`${t.waitingFor} is not null`),
    index('approvals_waiting_total_bills_id_idx')
      .on(t.totalBills, t.id)
      .where(sql`${t.waitingFor} is not null`),
    index('approvals_waiting_processed_bills_id_idx')
      .on(t.processedBills, t.id)
      .where(sql`${t.waitingFor} is not null`),
    index('approvals_waiting_total_amount_id_idx')
      .on(t.totalAmountCents, t.id)
      .where(sql`${t.waitingFor} is not null`),
    index('approvals_waiting_manager_name_lower_id_idx')
      .on(sql`lower(${t.managerName})`, t.id)
      .where(sql`${t.waitingFor} is not null`),
  ],
);

/**
 * One row per approval status, kept exact by a trigger on `approvals` (migration
 * 0002_approval_status_counts) in the same transaction as every insert, status change and delete,
 * so the stat cards never COUNT(*) the whole table.
 */
export const approvalStatusCounts = pgTable('approval_status_counts', {
  status: approvalStatusEnum('status').primaryKey(),
  count: bigint('count', { mode: 'number' }).notNull().default(0),
});

/**
 * Approvals per (status, priority), kept exact by a trigger on `approvals` (migration
 * 0009_approval_workbench) in the same transaction as every insert, delete and change of either
 * column: the statistics (byStatus, byPriority) and the list's totals without a search or company
 * filter are sums over at most 32 rows, never a COUNT(*) of the table.
 */
export const approvalCounts = pgTable(
  'approval_counts',
  {
    status: approvalStatusEnum('status').notNull(),
    priority: approvalPriorityEnum('priority').notNull(),
    count: bigint('count', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.status, t.priority] })],
);

/**
 * Companies per (status, QuickBooks status), kept exact by a trigger on `companies` (migration
 * 0004_company_counts) in the same transaction as every insert, delete and change of either
 * column, so the company list's total for any status / QuickBooks filter without a search is a
 * sum over at most 12 rows instead of a COUNT(*) of the table. `qb_status` is the stored value or
 * 'none' for never connected.
 */
export const companyCounts = pgTable(
  'company_counts',
  {
    status: companyStatusEnum('status').notNull(),
    qbStatus: text('qb_status').notNull(),
    count: bigint('count', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.status, t.qbStatus] })],
);

/**
 * Users per (role, is_active), kept exact by triggers on `users` (migration 0007) in the same
 * transaction as every insert, delete and change of either column: the overview statistics and
 * the user list's total without a search read these at most 8 rows instead of COUNT(*).
 */
export const userCounts = pgTable(
  'user_counts',
  {
    role: roleEnum('role').notNull(),
    isActive: boolean('is_active').notNull(),
    count: bigint('count', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.role, t.isActive] })],
);

/**
 * Users per UTC calendar month of created_at, kept exact by triggers on `users` (migration 0016):
 * the overview's "new this month" reads one row instead of counting a month of sign-ups.
 */
export const userCreatedMonths = pgTable('user_created_months', {
  month: date('month', { mode: 'string' }).primaryKey(),
  count: bigint('count', { mode: 'number' }).notNull().default(0),
});

/**
 * ACTIVE users per UTC day of their last sign-in, kept exact by triggers on `users` (migration
 * 0016): the overview's activity rate sums the whole days of its 30-day window from here and
 * counts only the window's first, partial day in users_recent_login_idx.
 */
export const userLoginDays = pgTable('user_login_days', {
  day: date('day', { mode: 'string' }).primaryKey(),
  count: bigint('count', { mode: 'number' }).notNull().default(0),
});

/** Audit trail: feeds recent activity, approval history and user statistics. */
export const activity = pgTable(
  'activity',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Who did it, as shown in history; kept when the user is deleted. */
    userName: varchar('user_name', { length: PERSON_NAME_LENGTH }),
    /** Dotted verb, e.g. 'auth.login', 'company.create', 'approval.approve'. */
    action: varchar('action', { length: 64 }).notNull(),
    entityType: varchar('entity_type', { length: 32 }),
    entityId: varchar('entity_id', { length: 64 }),
    /** Human-readable sentence shown by the dashboard. */
    description: text('description').notNull(),
    details: jsonb('details').$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (t) => [
    index('activity_created_at_idx').on(t.createdAt.desc().nullsFirst()),
    index('activity_entity_idx').on(t.entityType, t.entityId, t.createdAt.desc().nullsFirst()),
    // Per-user statistics: sign-in count and the newest sign-in (migration 0007).
    index('activity_user_action_created_at_idx').on(t.userId, t.action, t.createdAt.desc().nullsFirst()),
    // The audit log's person and action filters, in its order (migration 0029); the action's
    // pattern operator class makes a prefix ('approval.') a range of the index too.
    index('activity_user_created_at_idx').on(
      t.userId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('activity_action_created_at_idx').on(
      t.action.op('varchar_pattern_ops'),
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
  ],
);

/** Refresh tokens, stored as SHA-256 of the random token; rotated on every use. */
/**
 * The `state` of a QuickBooks connect flow, hashed: single-use, short-lived and bound to the staff
 * member's session and the company, so a callback cannot be replayed, forged from another session
 * or pointed at another company.
 */
export const qbOauthStates = pgTable(
  'qb_oauth_states',
  {
    stateHash: varchar('state_hash', { length: 64 }).primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sessionId: varchar('session_id', { length: 64 }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('qb_oauth_states_expires_at_idx').on(t.expiresAt)],
);

export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    /** All tokens descending from one sign-in share a family; reuse of a rotated one kills it. */
    familyId: uuid('family_id').notNull(),
    /** The family's sign-in, copied on every rotation: the session ends a fixed time after it. */
    sessionStartedAt: timestamp('session_started_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    replacedBy: bigint('replaced_by', { mode: 'number' }),
    /** When the sign-in or refresh that issued this token ran: the session's last use. */
    createdAt: createdAt(),
    /** The User-Agent (cut to 512 characters) and client address of that sign-in or refresh. */
    userAgent: varchar('user_agent', { length: 512 }),
    ip: varchar('ip', { length: 64 }),
  },
  (t) => [
    uniqueIndex('refresh_tokens_token_hash_key').on(t.tokenHash),
    index('refresh_tokens_family_idx').on(t.familyId),
    index('refresh_tokens_user_idx').on(t.userId),
    index('refresh_tokens_expires_at_idx').on(t.expiresAt),
  ],
);

/**
 * Failed sign-ins, so the throttle holds across API processes (stateless API).
 * Rows older than the window are deleted as new failures arrive.
 */
export const loginAttempts = pgTable(
  'login_attempts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    email: varchar('email', { length: 254 }).notNull(),
    ip: varchar('ip', { length: 64 }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('login_attempts_email_idx').on(t.email, t.createdAt),
    index('login_attempts_ip_idx').on(t.ip, t.createdAt),
    index('login_attempts_created_at_idx').on(t.createdAt),
  ],
);

export const apiKeys = pgTable(
  'api_keys',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 255 }).notNull(),
    /** First characters of the key, shown so people can tell keys apart. */
    prefix: varchar('prefix', { length: 32 }).notNull(),
    keyHash: varchar('key_hash', { length: 64 }).notNull(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    createdAt: createdAt(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('api_keys_key_hash_key').on(t.keyHash), index('api_keys_user_idx').on(t.userId)],
);

/**
 * A company's originator settings: what its bank files say about who sends them and through which
 * bank (the file and batch headers). The settlement account, when set, makes files
 * balanced (service class 200 with an offsetting debit); its number is stored encrypted.
 */
export const companyPaymentSettings = pgTable('company_payment_settings', {
  companyId: integer('company_id')
    .primaryKey()
    .references(() => companies.id, { onDelete: 'cascade' }),
  odfiRoutingNumber: varchar('odfi_routing_number', { length: 9 }).notNull(),
  odfiName: varchar('odfi_name', { length: 23 }).notNull(),
  companyIdentification: varchar('company_identification', { length: 10 }).notNull(),
  achCompanyName: varchar('ach_company_name', { length: 16 }).notNull(),
  entryDescription: varchar('entry_description', { length: 10 }).notNull(),
  originName: varchar('origin_name', { length: 23 }).notNull(),
  settlementAccountEnc: text('settlement_account_enc'),
  /** The QuickBooks bank account (Account Id) bill payments recorded in QuickBooks are paid from. */
  qbBankAccountId: varchar('qb_bank_account_id', { length: 20 }),
  settlementAccountLast4: varchar('settlement_account_last4', { length: 4 }),
  settlementAccountType: bankAccountTypeEnum('settlement_account_type'),
  /** Dual control of the settlement account, as for vendor accounts (0: never set). */
  settlementVersion: integer('settlement_version').notNull().default(0),
  settlementChangedById: integer('settlement_changed_by').references(() => users.id, {
    onDelete: 'set null',
  }),
  settlementChangedAt: timestamp('settlement_changed_at', { withTimezone: true }),
  settlementConfirmedById: integer('settlement_confirmed_by').references(() => users.id, {
    onDelete: 'set null',
  }),
  settlementConfirmedAt: timestamp('settlement_confirmed_at', { withTimezone: true }),
  updatedById: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** Vendors' bank accounts per company, keyed by the QuickBooks vendor (`VendorRef.value`). */
export const vendorBankAccounts = pgTable(
  'vendor_bank_accounts',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    vendorRef: varchar('vendor_ref', { length: 100 }).notNull(),
    vendorName: varchar('vendor_name', { length: 255 }).notNull(),
    routingNumber: varchar('routing_number', { length: 9 }).notNull(),
    /** AES-256-GCM (security/token-cipher.ts); only the last 4 digits leave the server. */
    accountNumberEnc: text('account_number_enc').notNull(),
    accountLast4: varchar('account_last4', { length: 4 }).notNull(),
    accountType: bankAccountTypeEnum('account_type').notNull(),
    /**
     * Dual control: every change of the details raises the version and makes the account pending
     * (confirmedAt null) until someone other than the person who entered it confirms that version.
     */
    version: integer('version').notNull().default(1),
    changedById: integer('changed_by').references(() => users.id, { onDelete: 'set null' }),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
    confirmedById: integer('confirmed_by').references(() => users.id, { onDelete: 'set null' }),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('vendor_bank_accounts_company_vendor_key').on(t.companyId, t.vendorRef)],
);

/**
 * Every version of every bank account of a company (`vendor:<ref>` or `settlement`): who entered
 * it and when. The approve rule reads who changed a vendor's account recently from here, so a
 * change and a change back are both remembered.
 */
export const bankAccountChanges = pgTable(
  'bank_account_changes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    accountKey: varchar('account_key', { length: 110 }).notNull(),
    version: integer('version').notNull(),
    routingNumber: varchar('routing_number', { length: 9 }),
    accountLast4: varchar('account_last4', { length: 4 }),
    accountType: bankAccountTypeEnum('account_type'),
    changedById: integer('changed_by').references(() => users.id, { onDelete: 'set null' }),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('bank_account_changes_key_version_key').on(t.companyId, t.accountKey, t.version),
    index('bank_account_changes_key_changed_at_idx').on(t.companyId, t.accountKey, t.changedAt),
  ],
);

/**
 * Every bank file written, byte for byte. One per approval; a File ID Modifier is used once per
 * originator (ODFI + company identification) and day, which the unique index enforces.
 */
export const nachaFiles = pgTable(
  'nacha_files',
  {
    id: serial('id').primaryKey(),
    approvalId: uuid('approval_id')
      .notNull()
      .references(() => approvals.id, { onDelete: 'restrict' }),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'restrict' }),
    batchNumber: integer('batch_number').notNull(),
    fileName: varchar('file_name', { length: 64 }).notNull(),
    odfiRoutingNumber: varchar('odfi_routing_number', { length: 9 }).notNull(),
    companyIdentification: varchar('company_identification', { length: 10 }).notNull(),
    /** The originator's civil date (US Eastern) the file was created on, and its modifier that day. */
    creationDate: varchar('creation_date', { length: 10 }).notNull(),
    fileIdModifier: varchar('file_id_modifier', { length: 1 }).notNull(),
    effectiveEntryDate: varchar('effective_entry_date', { length: 10 }).notNull(),
    content: text('content').notNull(),
    entryCount: integer('entry_count').notNull(),
    totalCreditCents: bigint('total_credit_cents', { mode: 'number' }).notNull(),
    totalDebitCents: bigint('total_debit_cents', { mode: 'number' }).notNull(),
    createdById: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('nacha_files_approval_key').on(t.approvalId),
    uniqueIndex('nacha_files_batch_number_key').on(t.batchNumber),
    uniqueIndex('nacha_files_originator_day_modifier_key').on(
      t.odfiRoutingNumber,
      t.companyIdentification,
      t.creationDate,
      t.fileIdModifier,
    ),
  ],
);

/**
 * Every bill paid, written in the same transaction as its file: the primary key (company, bill id)
 * makes a second file for the same bill impossible, whatever the timing.
 */
export const paidBills = pgTable(
  'paid_bills',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'restrict' }),
    billId: varchar('bill_id', { length: 100 }).notNull(),
    approvalId: uuid('approval_id')
      .notNull()
      .references(() => approvals.id, { onDelete: 'restrict' }),
    nachaFileId: integer('nacha_file_id')
      .notNull()
      .references(() => nachaFiles.id, { onDelete: 'restrict' }),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    /** The same bill under another id: vendor, normalised invoice number and amount (docNumberKey). */
    vendorRef: varchar('vendor_ref', { length: 100 }),
    docNumberKey: varchar('doc_number_key', { length: 100 }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.billId] }),
    index('paid_bills_approval_idx').on(t.approvalId),
    uniqueIndex('paid_bills_vendor_doc_amount_key')
      .on(t.companyId, t.vendorRef, t.docNumberKey, t.amountCents)
      .where(sql`${t.vendorRef} is not null and ${t.docNumberKey} is not null`),
  ],
);

export type { ApprovalOrigin };

export type QbSyncPhase = 'vendors' | 'bills' | 'incremental';

/**
 * QuickBooks notifications received lately, by the SHA-256 of their signed bytes: the same
 * payload again within the replay window is acknowledged but queues nothing (Intuit retries a
 * delivery it thinks failed; a captured one may be replayed). Rows older than the window are
 * deleted as new ones arrive.
 */
export const qbWebhookReceipts = pgTable(
  'qb_webhook_receipts',
  {
    digest: varchar('digest', { length: 64 }).primaryKey(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('qb_webhook_receipts_received_at_idx').on(t.receivedAt)],
);

/**
 * Where a company's QuickBooks sync stands (migration 0023): the phase and the last id it read
 * (a sync cut between pages resumes after it), the CDC time the next incremental sync asks from, the
 * lease of the process running it (its owner fences every page's write), and what the sync
 * panel shows.
 */
export const qbSyncState = pgTable(
  'qb_sync_state',
  {
    companyId: integer('company_id')
      .primaryKey()
      .references(() => companies.id, { onDelete: 'cascade' }),
    phase: varchar('phase', { length: 16 }).$type<QbSyncPhase>().notNull().default('vendors'),
    /** Pages written in this phase, plus one: the fence of each page's write (migration 0031). */
    nextPosition: integer('next_position').notNull().default(1),
    /** The last QuickBooks id the full sync's phase read; the next page asks for the ids after it. */
    afterId: varchar('after_id', { length: 20 }),
    /**
     * The QuickBooks company (realm) whose vendors and bills this company holds (migration 0031):
     * QuickBooks ids are unique only within one realm, so a company holding them is never
     * connected to another realm.
     */
    realmId: varchar('realm_id', { length: 32 }),
    fullSyncStartedAt: timestamp('full_sync_started_at', { withTimezone: true }),
    cdcSince: timestamp('cdc_since', { withTimezone: true }),
    leaseOwner: varchar('lease_owner', { length: 64 }),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    runStartedAt: timestamp('run_started_at', { withTimezone: true }),
    lastSyncAt: timestamp('last_sync_at', { withTimezone: true }),
    lastError: text('last_error'),
    lastErrorAt: timestamp('last_error_at', { withTimezone: true }),
    nextRunAt: timestamp('next_run_at', { withTimezone: true }),
    billsImported: integer('bills_imported').notNull().default(0),
    requests: integer('requests').notNull().default(0),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('qb_sync_state_phase_check', sql`${t.phase} IN ('vendors', 'bills', 'incremental')`),
    index('qb_sync_state_next_run_at_idx').on(t.nextRunAt),
  ],
);

/**
 * Every QuickBooks bill imported, once: the primary key (company, QuickBooks bill id) makes a
 * second import impossible whatever runs concurrently. `approvalId` is the approval it went
 * into (null with `skippedReason` when it was not put into one, e.g. already paid).
 */
export const qbImportedBills = pgTable(
  'qb_imported_bills',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    qbBillId: varchar('qb_bill_id', { length: 20 }).notNull(),
    approvalId: uuid('approval_id').references(() => approvals.id, { onDelete: 'set null' }),
    syncToken: varchar('sync_token', { length: 20 }).notNull(),
    vendorRef: varchar('vendor_ref', { length: 100 }),
    dueDate: date('due_date', { mode: 'string' }),
    skippedReason: text('skipped_reason'),
    importedAt: timestamp('imported_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.qbBillId] }),
    index('qb_imported_bills_approval_idx').on(t.approvalId),
  ],
);

/**
 * The BillPayment recorded back in QuickBooks for each bill the console paid (migration 0024):
 * written with the PAYMENT_COMPLETED status change, then created in QuickBooks by a job. The
 * primary key makes one per bill; `requestId` (Intuit's requestid) makes a retried POST answer
 * the first payment instead of creating another.
 */
export const qbBillPayments = pgTable(
  'qb_bill_payments',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    qbBillId: varchar('qb_bill_id', { length: 20 }).notNull(),
    approvalId: uuid('approval_id')
      .notNull()
      .references(() => approvals.id, { onDelete: 'cascade' }),
    docNumber: varchar('doc_number', { length: 64 }),
    vendorRef: varchar('vendor_ref', { length: 100 }),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    txnDate: date('txn_date', { mode: 'string' }).notNull(),
    requestId: uuid('request_id').notNull(),
    status: varchar('status', { length: 16 }).$type<QbBillPaymentStatus>().notNull().default('pending'),
    qbPaymentId: varchar('qb_payment_id', { length: 20 }),
    error: text('error'),
    attempts: integer('attempts').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.qbBillId] }),
    check('qb_bill_payments_status_check', sql`${t.status} IN ('pending', 'created', 'failed')`),
    index('qb_bill_payments_approval_idx').on(t.approvalId),
    index('qb_bill_payments_pending_idx')
      .on(t.updatedAt)
      .where(sql`${t.status} = 'pending'`),
  ],
);
export type QbBillPaymentRow = typeof qbBillPayments.$inferSelect;

/** A company's QuickBooks vendors by QuickBooks id (the key of vendor_bank_accounts.vendor_ref). */
export const qbVendors = pgTable(
  'qb_vendors',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    qbVendorId: varchar('qb_vendor_id', { length: 20 }).notNull(),
    displayName: varchar('display_name', { length: 255 }).notNull(),
    active: boolean('active').notNull().default(true),
    syncToken: varchar('sync_token', { length: 20 }).notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.qbVendorId] })],
);
/**
 * Approval policies per company (migration 0022): every save is a new version, never changed; a
 * company without one follows DEFAULT_POLICY (version 0).
 */
export const approvalPolicies = pgTable(
  'approval_policies',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    definition: jsonb('definition').$type<PolicyDefinition>().notNull(),
    createdById: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdByName: varchar('created_by_name', { length: PERSON_NAME_LENGTH }),
    createdAt: createdAt(),
    /** The ADMIN who confirmed the change that made this version (created_by proposed it). */
    confirmedById: integer('confirmed_by').references(() => users.id, { onDelete: 'set null' }),
    confirmedByName: varchar('confirmed_by_name', { length: PERSON_NAME_LENGTH }),
  },
  (t) => [uniqueIndex('approval_policies_company_version_key').on(t.companyId, t.version)],
);

/**
 * A saved policy waiting for an ADMIN other than its author (at most one per company): the
 * company follows approval_policies until it is confirmed, which makes it the next version.
 */
export const approvalPolicyChanges = pgTable(
  'approval_policy_changes',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    baseVersion: integer('base_version').notNull(),
    definition: jsonb('definition').$type<PolicyDefinition>().notNull(),
    /** Null: the save left the company's escalation time as it was. */
    escalationHours: integer('escalation_hours'),
    proposedById: integer('proposed_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    proposedByName: varchar('proposed_by_name', { length: PERSON_NAME_LENGTH }).notNull(),
    proposedAt: timestamp('proposed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('approval_policy_changes_company_key').on(t.companyId),
    index('approval_policy_changes_proposed_by_idx').on(t.proposedById),
  ],
);
export type ApprovalPolicyChangeRow = typeof approvalPolicyChanges.$inferSelect;

/**
 * The steps of each approval, one row each. The approvers are flattened into arrays that the
 * reviewer's queue searches through partial GIN indexes on the OPEN steps only.
 */
export const approvalSteps = pgTable(
  'approval_steps',
  {
    approvalId: uuid('approval_id')
      .notNull()
      .references(() => approvals.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    companyId: integer('company_id').notNull(),
    mode: varchar('mode', { length: 3 }).$type<StepMode>().notNull(),
    approvers: jsonb('approvers').$type<PolicyApprover[]>().notNull(),
    label: text('label').notNull(),
    userIds: integer('user_ids')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    roles: text('roles')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    assignees: text('assignees')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** WAITING (a later step), OPEN (the current one), DONE, CLOSED (the approval left PENDING). */
    state: varchar('state', { length: 8 }).$type<StepState>().notNull().default('WAITING'),
    openedAt: timestamp('opened_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    escalatedAt: timestamp('escalated_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ name: 'approval_steps_pk', columns: [t.approvalId, t.position] }),
    index('approval_steps_open_users_idx')
      .using('gin', t.userIds)
      .with({ fastupdate: false })
      .where(sql`${t.state} = 'OPEN'`),
    index('approval_steps_open_roles_idx')
      .using('gin', t.roles)
      .with({ fastupdate: false })
      .where(sql`${t.state} = 'OPEN'`),
    index('approval_steps_open_company_idx')
      .on(t.companyId)
      .where(sql`${t.state} = 'OPEN'`),
    index('approval_steps_open_opened_at_idx')
      .on(t.openedAt)
      .where(sql`${t.state} = 'OPEN' and ${t.escalatedAt} is null`),
  ],
);
export type StepState = 'WAITING' | 'OPEN' | 'DONE' | 'CLOSED';

/** Each approve decision of a step; one person decides at most one step of an approval. */
export const approvalDecisions = pgTable(
  'approval_decisions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    approvalId: uuid('approval_id')
      .notNull()
      .references(() => approvals.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    userName: varchar('user_name', { length: PERSON_NAME_LENGTH }),
    onBehalfOf: integer('on_behalf_of').references(() => users.id, { onDelete: 'set null' }),
    onBehalfOfName: varchar('on_behalf_of_name', { length: PERSON_NAME_LENGTH }),
    decidedAt: timestamp('decided_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('approval_decisions_approval_user_key').on(t.approvalId, t.userId),
    index('approval_decisions_user_idx').on(t.userId),
    index('approval_decisions_on_behalf_of_idx')
      .on(t.onBehalfOf)
      .where(sql`${t.onBehalfOf} is not null`),
  ],
);
export type ApprovalStepRow = typeof approvalSteps.$inferSelect;
export type ApprovalDecisionRow = typeof approvalDecisions.$inferSelect;

/** One vendor's account as an approve decision saw it. */
export interface DecisionAccount {
  vendorRef: string;
  routingNumber: string;
  accountLast4: string;
  accountType: 'checking' | 'savings';
  version: number;
}

export type UserRow = typeof users.$inferSelect;
export type CompanyRow = typeof companies.$inferSelect;
export type ManagerRow = typeof managers.$inferSelect;
export type ApprovalRow = typeof approvals.$inferSelect;
export type ActivityRow = typeof activity.$inferSelect;
export type PaymentSettingsRow = typeof companyPaymentSettings.$inferSelect;
export type VendorBankAccountRow = typeof vendorBankAccounts.$inferSelect;
export type NachaFileRow = typeof nachaFiles.$inferSelect;

/**
 * The live console's event log (migration 0020): ids, kind and the new status or version of a
 * change, never its data. `seq` is the event's number, given at commit (null only inside the
 * writing transaction); `minRole` is the lowest role whose stream carries it.
 */
export const liveEvents = pgTable(
  'live_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    seq: bigint('seq', { mode: 'number' }),
    kind: varchar('kind', { length: 64 }).notNull(),
    entityType: varchar('entity_type', { length: 32 }).notNull(),
    entityId: varchar('entity_id', { length: 64 }).notNull(),
    status: varchar('status', { length: 32 }),
    version: integer('version'),
    actorId: integer('actor_id'),
    minRole: varchar('min_role', { length: 16 }).notNull().default('GUEST'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('live_events_seq_key').on(t.seq)],
);

/**
 * Every bill of every approval keyed for the duplicate check (billNumberKey, amount, date), and the
 * flag: the other bill a bill matched when it came in (same vendor and bill number, or same vendor
 * and amount within DUPLICATE_WINDOW_DAYS), and why.
 */
export const approvalBillKeys = pgTable(
  'approval_bill_keys',
  {
    approvalId: uuid('approval_id')
      .notNull()
      .references(() => approvals.id, { onDelete: 'cascade' }),
    billId: varchar('bill_id', { length: 100 }).notNull(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    vendorRef: varchar('vendor_ref', { length: 100 }),
    docKey: varchar('doc_key', { length: 100 }),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    billDate: date('bill_date', { mode: 'string' }),
    duplicateKind: varchar('duplicate_kind', { length: 16 }).$type<DuplicateKind>(),
    duplicateOfApprovalId: uuid('duplicate_of_approval_id').references(() => approvals.id, {
      onDelete: 'set null',
    }),
    duplicateOfBillId: varchar('duplicate_of_bill_id', { length: 100 }),
  },
  (t) => [
    primaryKey({ columns: [t.approvalId, t.billId] }),
    check(
      'approval_bill_keys_duplicate_kind_check',
      sql`${t.duplicateKind} IS NULL OR ${t.duplicateKind} IN ('BILL_NUMBER', 'AMOUNT_AND_DATE')`,
    ),
    index('approval_bill_keys_doc_idx')
      .on(t.companyId, t.vendorRef, t.docKey)
      .where(sql`${t.docKey} IS NOT NULL`),
    index('approval_bill_keys_amount_idx').on(t.companyId, t.vendorRef, t.amountCents, t.billDate),
    index('approval_bill_keys_duplicate_of_idx')
      .on(t.duplicateOfApprovalId)
      .where(sql`${t.duplicateOfApprovalId} IS NOT NULL`),
  ],
);
