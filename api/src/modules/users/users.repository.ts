import { eq, sql } from 'drizzle-orm';
import type { Role } from 'shared-contracts';
import type { Db } from '../../db/client';
import { users, type UserRow } from '../../db/schema';

export interface NewUser {
  email: string;
  passwordHash: string;
  firstName?: string | null;
  lastName?: string | null;
  title?: string | null;
  role: Role;
  isActive: boolean;
}

export async function findUserById(db: Db, id: number): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

/** `email` must already be lower-cased (the shared schemas do it). */
export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  return row;
}

export async function insertUser(db: Db, values: NewUser): Promise<UserRow> {
  const [row] = await db.insert(users).values(values).returning();
  if (!row) throw new Error('insert into users returned no row');
  return row;
}

export async function updatePasswordHash(db: Db, id: number, passwordHash: string): Promise<void> {
  await db.update(users).set({ passwordHash }).where(eq(users.id, id));
}

/** Stamps a successful sign-in and returns the fresh row. */
export async function touchLastLogin(db: Db, id: number): Promise<UserRow> {
  const [row] = await db
    .update(users)
    // A sign-in is not an edit: keep updated_at ("Last Updated" in the user list) as it was.
    .set({ lastLoginAt: sql`now()`, updatedAt: sql`${users.updatedAt}` })
    .where(eq(users.id, id))
    .returning();
  if (!row) throw new Error(`user ${id} vanished during sign-in`);
  return row;
}

export async function countUsers(db: Db): Promise<number> {
  const [row] = await db.select({ count: sql<number>`count(*)`.mapWith(Number) }).from(users);
  return row?.count ?? 0;
}
