/** The first admin of an empty PostgreSQL deployment gets a password the new-password rules accept. */
import { PASSWORD_RULES } from 'shared-contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError } from '../config';
import { build, NEW_PASSWORD, type TestContext } from '../test/build';
import { countUsers } from '../modules/users/users.service';
import { prepareData } from './prepare';

let t: TestContext;
beforeAll(async () => {
  t = await build({ seed: false });
});
afterAll(async () => {
  await t?.close();
});

describe('prepareData with ADMIN_EMAIL / ADMIN_PASSWORD', () => {
  const withAdmin = (adminPassword: string) => ({
    ...t.config,
    databaseUrl: 'postgres://configured.invalid/console',
    adminEmail: 'owner@example.com',
    adminPassword,
  });

  it('refuses a weak first-admin password at start-up, creating nobody', async () => {
    await expect(prepareData(t.database, withAdmin('Password123!'))).rejects.toThrow(ConfigError);
    await expect(prepareData(t.database, withAdmin('Owner-Quartz-Lantern-9'))).rejects.toThrow(
      PASSWORD_RULES.containsEmail,
    );
    expect(await countUsers(t.database.db)).toBe(0);
  });

  it('creates the first admin with a strong one, who can sign in', async () => {
    expect(await prepareData(t.database, withAdmin(NEW_PASSWORD))).toEqual({
      kind: 'created-admin',
      email: 'owner@example.com',
    });
    expect((await t.login('owner@example.com', NEW_PASSWORD)).user.role).toBe('ADMIN');
  });
});
