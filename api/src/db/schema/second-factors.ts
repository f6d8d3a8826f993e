/**
 * Second factors (migration 0041): authenticator apps and passkeys, recovery codes, second steps of
 * sign-in waiting for their factor, challenges of enrolments and step-ups, and the per-account count
 * of wrong codes; resets of a person's factors waiting for a second ADMIN (0042). Imports only
 * users.ts.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import type { FactorKind } from 'shared-contracts';
import { createdAt } from './columns';
import { users } from './users';

/** WebAuthn's word for a passkey bound to one device, or one that syncs between devices. */
export type PasskeyDeviceType = 'singleDevice' | 'multiDevice';

/** What a challenge row is for. */
export type ChallengePurpose = 'totp-enrolment' | 'passkey-registration' | 'step-up';

export const secondFactors = pgTable(
  'second_factors',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: varchar('kind', { length: 16 }).$type<FactorKind>().notNull(),
    name: varchar('name', { length: 64 }).notNull(),
    /** An authenticator's secret, encrypted (security/token-cipher.ts under MFA_SECRET_KEY). */
    totpSecret: text('totp_secret'),
    /** The newest 30-second step whose code was accepted: no code of it or before counts again. */
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    /** A passkey's credential id and COSE public key, base64url. */
    credentialId: varchar('credential_id', { length: 1024 }),
    publicKey: text('public_key'),
    /** The passkey's signature counter as last seen: one that does not grow is a clone. */
    signCount: bigint('sign_count', { mode: 'number' }).notNull().default(0),
    transports: text('transports').array(),
    deviceType: varchar('device_type', { length: 16 }).$type<PasskeyDeviceType>(),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('second_factors_credential_id_key').on(t.credentialId),
    index('second_factors_user_idx').on(t.userId),
  ],
);
export type SecondFactorRow = typeof secondFactors.$inferSelect;

export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The code's first group: which hash to check. */
    lookup: varchar('lookup', { length: 5 }).notNull(),
    /** argon2id, as passwords. */
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('recovery_codes_user_lookup_key').on(t.userId, t.lookup)],
);

export const secondStepTickets = pgTable(
  'second_step_tickets',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** SHA-256 of the opaque ticket the sign-in answered. */
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The passkey challenge asked for this sign-in (single use). */
    webauthnChallenge: varchar('webauthn_challenge', { length: 128 }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('second_step_tickets_token_hash_key').on(t.tokenHash),
    index('second_step_tickets_user_idx').on(t.userId),
  ],
);
export type SecondStepTicketRow = typeof secondStepTickets.$inferSelect;

export const secondFactorChallenges = pgTable(
  'second_factor_challenges',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: varchar('purpose', { length: 32 }).$type<ChallengePurpose>().notNull(),
    /** A WebAuthn challenge (base64url), or the SHA-256 of an authenticator enrolment's id. */
    challenge: varchar('challenge', { length: 128 }).notNull(),
    /** The secret of an authenticator being added, encrypted like a factor's. */
    totpSecret: text('totp_secret'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('second_factor_challenges_user_idx').on(t.userId, t.purpose, t.challenge)],
);

/** Wrong codes of an account in a row (5 lock its second step for 15 minutes). */
export const secondFactorFailures = pgTable('second_factor_failures', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  failures: integer('failures').notNull().default(0),
  lastFailureAt: timestamp('last_failure_at', { withTimezone: true }),
});

/** A reset of a person's factors one ADMIN asked for, waiting for a second ADMIN (one per person). */
export const secondFactorResets = pgTable(
  'second_factor_resets',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    requestedById: integer('requested_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** As the audit log names the asker (kept as it was when they asked). */
    requestedByName: varchar('requested_by_name', { length: 511 }).notNull(),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('second_factor_resets_user_key').on(t.userId),
    index('second_factor_resets_requested_by_idx').on(t.requestedById),
    // Nobody asks for their own reset; the service refuses it first, with a message.
    check('second_factor_resets_not_own', sql`${t.userId} <> ${t.requestedById}`),
  ],
);
export type SecondFactorResetRow = typeof secondFactorResets.$inferSelect;
