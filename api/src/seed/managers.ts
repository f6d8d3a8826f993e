import type { Db } from '../db/client';
import { managers, type ManagerRow, type UserRow } from '../db/schema';
import { FIRST_NAMES, LAST_NAMES, MANAGER_TITLES } from './data';
import { DAY, type SeedContext } from './random';

/** `count` managers; every other one is linked to a distinct active staff account, the moderator first. */
export async function seedDemoManagers(
  tx: Db,
  count: number,
  userRows: UserRow[],
  { random, ago }: SeedContext,
): Promise<ManagerRow[]> {
  const linkable = userRows.filter((u) => u.role !== 'GUEST' && u.isActive);
  const managerSeeds: Array<typeof managers.$inferInsert> = [];
  for (let i = 0; i < count; i += 1) {
    const linked = i % 2 === 0 ? linkable[(i / 2 + 1) % linkable.length] : undefined;
    const firstName = linked?.firstName ?? (FIRST_NAMES[(i * 5 + 11) % FIRST_NAMES.length] as string);
    const lastName = linked?.lastName ?? (LAST_NAMES[(i * 3 + 17) % LAST_NAMES.length] as string);
    const status = i % 6 === 5 ? 'INACTIVE' : i % 11 === 7 ? 'SUSPENDED' : 'ACTIVE';
    const createdAt = ago(random.int(30, 360) * DAY);
    managerSeeds.push({
      firstName,
      lastName,
      email: linked?.email ?? `${firstName}.${lastName}@managers.example.com`.toLowerCase(),
      phone: random.chance(0.8)
        ? `(555) ${random.int(200, 999)}-${String(random.int(0, 9999)).padStart(4, '0')}`
        : null,
      title: random.pick(MANAGER_TITLES),
      status,
      isActive: status === 'ACTIVE',
      userId: linked?.id ?? null,
      createdAt,
      updatedAt: createdAt,
    });
  }
  return managerSeeds.length ? await tx.insert(managers).values(managerSeeds).returning() : [];
}
