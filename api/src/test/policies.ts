/**
 * Approval policies in tests: a saved policy waits for an ADMIN other than its author, so a test
 * that needs one in force proposes it and has another ADMIN confirm it, as staff would.
 */
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import type { ApprovalPolicy } from 'shared-contracts';
import { users } from '../db/schema';
import { demoPasswordHash, type TestContext } from './build';
import { giveAuthenticator } from './second-factors';

export const SECOND_ADMIN_EMAIL = 'second.admin@example.com';

/**
 * An ADMIN besides the demo one, registered by nobody (so one person with no other account), who
 * signs in with the demo password: the second person a policy the demo ADMIN proposes needs.
 */
export async function secondAdmin(t: TestContext): Promise<{ id: number; token: string }> {
  const [existing] = await t.app.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, SECOND_ADMIN_EMAIL));
  if (!existing) {
    const [created] = await t.app.db
      .insert(users)
      .values({
        email: SECOND_ADMIN_EMAIL,
        passwordHash: await demoPasswordHash(),
        firstName: 'Sid',
        lastName: 'Second',
        role: 'ADMIN',
        isActive: true,
      })
      .returning({ id: users.id });
    // Confirming a policy needs a fresh second factor: an ADMIN has one.
    await giveAuthenticator(t, created!.id);
  }
  const login = await t.login(SECOND_ADMIN_EMAIL);
  return { id: login.user.id, token: login.tokens.accessToken };
}

const policyPath = (companyId: number) => `/api/company/companies/${companyId}/approval-policy`;

/**
 * `authorToken` proposes the policy (`body`: definition and escalation time) and `confirmerToken`,
 * an ADMIN who is not the author, confirms it. The proposal's answer when it is refused, else the
 * confirmation's (the policy in force, version and all).
 */
export async function putPolicyInForce(
  t: TestContext,
  companyId: number,
  body: object,
  authorToken: string,
  confirmerToken: string,
): Promise<LightMyRequestResponse> {
  const proposed = await t.request({
    method: 'PUT',
    url: policyPath(companyId),
    token: authorToken,
    payload: body,
  });
  if (proposed.statusCode !== 200) return proposed;
  const pending = proposed.json<{ data: ApprovalPolicy }>().data.pending;
  if (!pending) throw new Error(`a saved policy should wait for confirmation: ${proposed.body}`);
  return t.request({
    method: 'PUT',
    url: `${policyPath(companyId)}/pending/confirm`,
    token: confirmerToken,
    payload: { changeId: pending.id },
  });
}
