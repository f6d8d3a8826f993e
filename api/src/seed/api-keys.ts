import type { Db } from '../db/client';
import { apiKeys, type UserRow } from '../db/schema';
import { hashOpaqueToken } from '../security/opaque-tokens';
import { API_KEY_NAMES } from './data';
import { DAY, HOUR, type SeedContext } from './random';

/** One key per name, owned by the admins and moderators in turn; the last one revoked. Returns how many. */
export async function seedDemoApiKeys(
  tx: Db,
  userRows: UserRow[],
  { random, ago }: SeedContext,
): Promise<number> {
  const keyOwners = userRows.filter((u) => u.role === 'ADMIN' || u.role === 'MODERATOR');
  const keySeeds = API_KEY_NAMES.map((name, index) => {
    const secret = `ak_demo_${index}_${random.uuid().replace(/-/g, '')}`;
    return {
      userId: keyOwners[index % keyOwners.length]!.id,
      name,
      prefix: secret.slice(0, 12),
      keyHash: hashOpaqueToken(secret),
      createdAt: ago(random.int(5, 200) * DAY),
      lastUsedAt: index % 2 === 0 ? ago(random.int(1, 48) * HOUR) : null,
      // The last one was revoked, so the dashboard counts one fewer than the table holds.
      revokedAt: index === API_KEY_NAMES.length - 1 ? ago(2 * DAY) : null,
    };
  });
  await tx.insert(apiKeys).values(keySeeds);
  return keySeeds.length;
}
