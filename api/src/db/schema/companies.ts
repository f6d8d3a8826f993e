/** The companies whose bills are approved, with their QuickBooks connection and the people assigned. */
import { sql, type SQL } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  integer,
  pgEnum,
  pgTable,
  serial,
  text,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import { COMPANY_STATUSES } from 'shared-contracts';
import { createdAt, updatedAt } from './columns';
import { managers } from './managers';
import { users } from './users';

export const companyStatusEnum = pgEnum('company_status', COMPANY_STATUSES);

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

export type CompanyRow = typeof companies.$inferSelect;
