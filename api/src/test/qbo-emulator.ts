import type { LightMyRequestResponse } from 'fastify';
import type { QboEmulator } from 'qbo-emulator';
import type { QbConnectStart } from 'shared-contracts';
import type { QuickBooksConfig } from '../config';
import { companies } from '../db/schema';
import { TEST_WEBHOOK_VERIFIER_TOKEN, type TestContext } from './build';

/** The redirect URI of the tests' QuickBooks app: register it with the emulator (`redirectUris`). */
export const TEST_REDIRECT_URI = 'http://127.0.0.1:8080/companies/quickbooks/callback';

/** The API's QuickBooks configuration pointing every endpoint at an in-process emulator. */
export function emulatorConfig(
  emulator: QboEmulator,
  credentials: { clientId: string; clientSecret: string },
  timeoutMs: number,
): QuickBooksConfig {
  return {
    ...credentials,
    timeoutMs,
    authorizeUrl: emulator.authorizeUrl,
    tokenUrl: emulator.tokenUrl,
    revokeUrl: emulator.revokeUrl,
    apiUrl: emulator.baseUrl,
    redirectUri: TEST_REDIRECT_URI,
    webhookVerifierToken: TEST_WEBHOOK_VERIFIER_TOKEN,
  };
}

/**
 * What a browser does on the consent page: open it, pick the sandbox company and click Connect.
 * Answers the parameters the emulator put on the redirect URI.
 */
export async function consent(
  authorizeUrl: string,
  realmId: string,
): Promise<{ code: string; state: string; realmId: string }> {
  const page = await fetch(authorizeUrl);
  const html = await page.text();
  if (page.status !== 200) throw new Error(`consent page answered ${page.status}`);
  const hidden = Object.fromEntries(
    [...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map((m) => [
      m[1]!,
      m[2]!.replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code))),
    ]),
  );
  const action = /<form method="post" action="([^"]+)">/.exec(html)?.[1];
  if (!action) throw new Error('no consent form');
  const answer = await fetch(new URL(action, authorizeUrl), {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ ...hidden, realmId, decision: 'connect' }).toString(),
    redirect: 'manual',
  });
  const location = new URL(answer.headers.get('location') ?? 'http://invalid/');
  const get = (name: string) => location.searchParams.get(name) ?? '';
  return { code: get('code'), state: get('state'), realmId: get('realmId') };
}

/**
 * Connects company `id` to `realmId` through the real flow, as `token` (a MODERATOR or above):
 * start, consent on the emulator's page, then the callback. The callback's answer.
 */
export async function connectThroughConsent(
  t: Pick<TestContext, 'request'>,
  token: string,
  id: number,
  realmId: string,
): Promise<LightMyRequestResponse> {
  const started = await t.request({ method: 'POST', url: `/api/company/companies/${id}/qb-connect`, token });
  const { authorizeUrl } = started.json<{ data: QbConnectStart }>().data;
  return t.request({
    method: 'POST',
    url: '/api/company/quickbooks/callback',
    token,
    payload: await consent(authorizeUrl, realmId),
  });
}

/** A new company connected, through the real connect flow, to a new emulator realm of `bills` bills. */
export async function connectedCompany(
  t: Pick<TestContext, 'request' | 'database'>,
  emulator: QboEmulator,
  token: string,
  name: string,
  bills: number,
): Promise<{ id: number; realmId: string }> {
  const realmId = emulator.createRealm(name, { bills });
  const [company] = await t.database.db.insert(companies).values({ name }).returning({ id: companies.id });
  const answer = await connectThroughConsent(t, token, company!.id, realmId);
  if (answer.statusCode !== 200)
    throw new Error(`connecting ${name} failed: ${answer.statusCode} ${answer.body}`);
  return { id: company!.id, realmId };
}
