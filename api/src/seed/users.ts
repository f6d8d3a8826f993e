import { inArray } from 'drizzle-orm';
import type { Role } from 'shared-contracts';
import type { Db } from '../db/client';
import { activity, users, type UserRow } from '../db/schema';
import { FIRST_NAMES, LAST_NAMES, USER_TITLES } from './data';
import { createRandom, DAY, HOUR, insertGenerated, type SeedContext } from './random';

export const DEMO_PASSWORD = 'Password123!';

/** One sign-in per role, so every role can be tried, plus a disabled account to try. */
export const DEMO_ACCOUNTS: ReadonlyArray<{
  email: string;
  role: Role;
  firstName: string;
  lastName: string;
  title: string;
  isActive: boolean;
}> = [
  {
    email: 'admin@example.com',
    role: 'ADMIN',
    firstName: 'Ada',
    lastName: 'Admin',
    title: 'System Administrator',
    isActive: true,
  },
  {
    email: 'moderator@example.com',
    role: 'MODERATOR',
    firstName: 'Morgan',
    lastName: 'Moderator',
    title: 'Finance Manager',
    isActive: true,
  },
  {
    email: 'user@example.com',
    role: 'USER',
    firstName: 'Uma',
    lastName: 'User',
    title: 'Accounts Payable Specialist',
    isActive: true,
  },
  {
    email: 'guest@example.com',
    role: 'GUEST',
    firstName: 'Gus',
    lastName: 'Guest',
    title: 'Auditor',
    isActive: true,
  },
  {
    email: 'inactive@example.com',
    role: 'USER',
    firstName: 'Ivy',
    lastName: 'Inactive',
    title: 'Former Bookkeeper',
    isActive: false,
  },
];

const GENERATED_ROLES: Role[] = [
  'USER',
  'USER',
  'USER',
  'MODERATOR',
  'USER',
  'GUEST',
  'USER',
  'ADMIN',
  'USER',
  'GUEST',
];

/** The demo accounts, then generated users up to `count`; the first row is the admin. */
export async function seedDemoUsers(
  tx: Db,
  count: number,
  passwordHash: string,
  { random, ago }: SeedContext,
): Promise<UserRow[]> {
  type UserSeed = typeof users.$inferInsert;
  const userSeeds: UserSeed[] = DEMO_ACCOUNTS.map((account, index) => ({
    ...account,
    passwordHash,
    createdAt: ago((400 - index) * DAY),
    lastLoginAt: account.isActive ? ago((index + 1) * 2 * HOUR) : ago(90 * DAY),
  }));
  for (let i = 0; userSeeds.length < count; i += 1) {
    const firstName = FIRST_NAMES[i % FIRST_NAMES.length] as string;
    const lastName = LAST_NAMES[(i * 7 + 3) % LAST_NAMES.length] as string;
    const createdDaysAgo = i % 9 === 0 ? random.int(0, 20) : random.int(21, 380);
    const isActive = i % 7 !== 5;
    userSeeds.push({
      email: `${firstName}.${lastName}${i + 1}@example.com`.toLowerCase(),
      passwordHash,
      firstName,
      lastName,
      title: random.pick(USER_TITLES),
      role: GENERATED_ROLES[i % GENERATED_ROLES.length] as Role,
      isActive,
      createdAt: ago(createdDaysAgo * DAY + random.int(0, 20) * HOUR),
      lastLoginAt: random.chance(0.75) ? ago(random.int(1, 24 * 30) * HOUR) : null,
    });
  }
  // Seeded accounts stand for ones that existed when second factors came: a week's grace (from the
  // seed's clock) to add one, as the migration gave those, so the demo works for people who must
  // have a factor and have none.
  const graceUntil = new Date(ago(0).getTime() + 7 * DAY);
  for (const seed of userSeeds) {
    seed.updatedAt = seed.createdAt;
    seed.mfaGraceUntil = graceUntil;
  }
  return tx.insert(users).values(userSeeds).returning();
}

/** True once the demo accounts exist: `pnpm seed` then leaves the data alone. */
export async function hasDemoAccounts(db: Db): Promise<boolean> {
  const emails = DEMO_ACCOUNTS.map((account) => account.email);
  const rows = await db.select({ id: users.id }).from(users).where(inArray(users.email, emails)).limit(1);
  return rows.length > 0;
}

/** First admin of a PostgreSQL deployment (ADMIN_EMAIL / ADMIN_PASSWORD), when users is empty. */
export async function createFirstAdmin(db: Db, email: string, passwordHash: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [user] = await tx
      .insert(users)
      .values({ email, passwordHash, role: 'ADMIN', isActive: true, firstName: 'Administrator' })
      .onConflictDoNothing()
      .returning();
    if (!user) return;
    await tx.insert(activity).values({
      userId: user.id,
      userName: user.email,
      action: 'user.create',
      entityType: 'user',
      entityId: String(user.id),
      description: `First administrator ${user.email} created from ADMIN_EMAIL`,
    });
  });
}

const BULK_ROLES: Role[] = [
  'USER',
  'USER',
  'USER',
  'USER',
  'USER',
  'USER',
  'GUEST',
  'GUEST',
  'MODERATOR',
  'ADMIN',
];

/**
 * `count` generated users in batches of 1000 (benchmarks: `pnpm seed --users 100000`): every role
 * (mostly USER), about one in eight inactive, created over three years, about 40% signed in during
 * the last 60 days and the rest never, so the overview's counts and the list's sorts mean something.
 * All share one password hash (hashing 100k passwords would take hours and prove nothing).
 */
export async function seedBulkUsers(
  db: Db,
  count: number,
  options: { passwordHash: string; now?: Date; onProgress?: (done: number) => void },
): Promise<void> {
  const now = options.now ?? new Date();
  const random = createRandom((now.getTime() % 2_147_483_647) + 7);
  // Existing accounts, as the demo's: a week's grace to add a second factor (seedDemoUsers).
  const mfaGraceUntil = new Date(now.getTime() + 7 * DAY);
  await insertGenerated(
    db,
    users,
    count,
    (n): typeof users.$inferInsert => {
      const firstName = random.pick(FIRST_NAMES);
      const lastName = random.pick(LAST_NAMES);
      const createdAt = new Date(now.getTime() - random.int(0, 3 * 365) * DAY - random.int(0, 23) * HOUR);
      return {
        email: `${firstName}.${lastName}.${n}@bulk.example.com`.toLowerCase(),
        passwordHash: options.passwordHash,
        firstName: random.chance(0.05) ? null : firstName,
        lastName: random.chance(0.05) ? null : lastName,
        role: random.pick(BULK_ROLES),
        isActive: !random.chance(0.125),
        createdAt,
        updatedAt: createdAt,
        mfaGraceUntil,
        lastLoginAt: random.chance(0.4) ? new Date(now.getTime() - random.int(1, 60 * 24) * HOUR) : null,
      };
    },
    (rows) => db.insert(users).values(rows),
    options.onProgress,
  );
}
