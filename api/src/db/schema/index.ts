/**
 * The whole database, one file per area; `db/schema` imports everything from here.
 *
 * Conventions: integer ids for users, companies and managers (the console sends assignees as
 * integers); UUIDs for approvals (the console shows their first 8 characters); money in integer
 * cents; every timestamp `timestamptz`.
 *
 * The files import each other one way only, so there is no cycle: users.ts imports no other
 * schema file, managers.ts only users.ts, companies.ts those two, approvals.ts those three, and
 * every other area file only from those four (counters.ts their enums). A reference to another
 * table (`.references(() => …)`) is read lazily, so a table may name one from any file above it.
 */
export * from './users';
export * from './managers';
export * from './companies';
export * from './approvals';
export * from './approval-steps';
export * from './policies';
export * from './counters';
export * from './activity';
export * from './auth';
export * from './second-factors';
export * from './payments';
export * from './quickbooks';
