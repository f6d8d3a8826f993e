import type { Db } from '../db/client';
import { activity, type CompanyRow, type UserRow } from '../db/schema';
import type { ActivitySeed } from './approvals';
import { HOUR, insertChunked, fullName, type Random } from './random';
import { DEMO_ACCOUNTS } from './users';

/**
 * The history besides the approvals': the admin creating every generated user and every company,
 * and sign-ins. Then all of it, the approvals' rows included, goes in oldest first.
 */
export async function seedDemoActivity(
  tx: Db,
  activitySeeds: ActivitySeed[],
  rows: { userRows: UserRow[]; companyRows: CompanyRow[]; admin: UserRow },
  random: Random,
): Promise<void> {
  const { userRows, companyRows, admin } = rows;
  for (const user of userRows.slice(DEMO_ACCOUNTS.length)) {
    activitySeeds.push({
      userId: admin.id,
      userName: fullName(admin),
      action: 'user.create',
      entityType: 'user',
      entityId: String(user.id),
      description: `${fullName(admin)} created user ${fullName(user)}`,
      details: { email: user.email, role: user.role },
      createdAt: user.createdAt,
    });
  }
  for (const company of companyRows) {
    activitySeeds.push({
      userId: admin.id,
      userName: fullName(admin),
      action: 'company.create',
      entityType: 'company',
      entityId: String(company.id),
      description: `${fullName(admin)} created company ${company.name}`,
      details: { status: company.status },
      createdAt: company.createdAt,
    });
  }
  activitySeeds.push(...signIns(userRows, random));
  activitySeeds.sort((a, b) => (a.createdAt as Date).getTime() - (b.createdAt as Date).getTime());
  await insertChunked(activitySeeds, 500, (chunk) => tx.insert(activity).values(chunk));
}

/** Sign-ins: enough for the admin to rank "High" (>100) and the moderator "Medium" (>20). */
function signIns(userRows: UserRow[], random: Random): ActivitySeed[] {
  const seeds: ActivitySeed[] = [];
  userRows.forEach((user, index) => {
    if (!user.lastLoginAt) return;
    // At least the last sign-in itself: a user page must not say 'Last login Nov 22' beside
    // '0 sign-ins' and no last sign-in's details.
    const logins =
      index === 0 ? 120 : index === 1 ? 35 : index < DEMO_ACCOUNTS.length ? 12 : random.int(1, 8);
    for (let n = 0; n < logins; n += 1) {
      const at =
        n === 0 ? user.lastLoginAt : new Date(user.lastLoginAt.getTime() - n * random.int(18, 60) * HOUR);
      if (n > 0 && at < user.createdAt) break;
      seeds.push({
        userId: user.id,
        userName: fullName(user),
        action: 'auth.login',
        entityType: 'user',
        entityId: String(user.id),
        description: `${fullName(user)} signed in`,
        createdAt: at,
      });
    }
  });
  return seeds;
}
