// The demo accounts' second step for the lab's tools. The demo ADMIN, MODERATOR and USER have the
// demo authenticator app (api/src/seed/demo-authenticator.ts, whose secret is read from there), so
// after the password the API answers a second step and the console shows its code field. The code
// is the one `pnpm demo-code` prints; the API never takes a step of an account twice (nor an earlier
// one), so each sign-in here takes the account's next step on that server, waiting for the next
// 30-second window only when the step after the current one is taken already.
import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';

const SOURCE = new URL('../../api/src/seed/demo-authenticator.ts', import.meta.url);
const SECRET = /DEMO_TOTP_SECRET = '([A-Z2-7]+)'/.exec(readFileSync(SOURCE, 'utf8'))?.[1];
if (!SECRET) throw new Error(`no DEMO_TOTP_SECRET in ${SOURCE.pathname}`);
const STEP_MS = 30_000;
/** A step about to end is not used for its last seconds: the request could arrive after it. */
const MARGIN_MS = 5_000;
/** The last step taken per `url email` in this process. */
const lastStep = new Map();

function base32Bytes(text) {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const char of text) bits += alphabet.indexOf(char).toString(2).padStart(5, '0');
  const bytes = [];
  for (let i = 0; i + 8 <= bits.length; i += 8) bytes.push(parseInt(bits.slice(i, i + 8), 2));
  return Buffer.from(bytes);
}

/** RFC 6238 with the console's settings: SHA-1, 6 digits, 30-second steps. */
function codeOf(step) {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(step));
  const hmac = createHmac('sha1', base32Bytes(SECRET)).update(counter).digest();
  const offset = hmac[hmac.length - 1] & 0xf;
  return String((hmac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}

/** The code of the next step of `email` on the server at `url` that the API takes now. */
export async function nextDemoCode(url, email) {
  const key = `${new URL(url).origin} ${email.toLowerCase()}`;
  const stepAt = (ms) => Math.floor(ms / STEP_MS);
  for (;;) {
    const now = Date.now();
    const step = Math.max(stepAt(now + MARGIN_MS) - 1, (lastStep.get(key) ?? -Infinity) + 1);
    if (step <= stepAt(now) + 1) {
      lastStep.set(key, step);
      return codeOf(step);
    }
    await new Promise((resolve) => setTimeout(resolve, (step - 1) * STEP_MS - now + 50));
  }
}

async function postJson(url, body) {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}

/**
 * POST /api/auth/login on the server at `url`, then the second step when the answer asks for one:
 * `{ status, body }` of the last answer, whose `body.data.tokens` hold the session when it worked.
 */
export async function demoSignIn(url, email, password) {
  const login = await postJson(`${url}/api/auth/login`, { email, password });
  const ticket = login.body?.data?.secondStep?.ticket;
  if (!ticket) return login;
  const code = await nextDemoCode(url, email);
  return postJson(`${url}/api/auth/second-step`, { method: 'totp', ticket, code });
}

/**
 * On the sign-in page after Sign in was clicked for a demo account with the authenticator: the
 * second step with the account's next code (the labels are SECOND_FACTOR_TEXT's).
 */
export async function passSecondStepOnPage(page, url, email) {
  const field = page.getByLabel('Code from your authenticator app');
  await field.waitFor();
  await field.fill(await nextDemoCode(url, email));
  await page.getByRole('button', { name: 'Verify', exact: true }).click();
}
