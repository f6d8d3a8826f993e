import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { APIRequestContext, Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { DEMO_TOTP_EMAILS, DEMO_TOTP_SECRET } from '../../api/src/seed/demo-authenticator';
import {
  SECOND_FACTOR_ERRORS,
  SECOND_FACTOR_TEXT,
  TOTP_DIGITS,
  TOTP_PERIOD_SECONDS,
} from '../../shared-contracts/src/second-factors';

/**
 * The second step of the demo accounts' sign-in, as a person with the demo authenticator app
 * (`pnpm demo-code`) passes it. The API accepts a code of the current 30-second step or one either
 * side, and never a step of an account's factor that is not later than the last one used: each
 * sign-in here takes the next unused step of the account on that server, remembered per origin and
 * e-mail in this process, and in a file the next process reads (the setup project signs in before
 * the workers, a worker after a failed one): a refused code counts against the account, and five in
 * a row would lock its second step. Should the API still answer "already used", the next step is
 * tried. Only when the step after the current one is taken too is the next 30-second window waited
 * for.
 */

const STEP_MS = TOTP_PERIOD_SECONDS * 1000;
/** A step about to end is not used for its last seconds: the request could arrive after it. */
const MARGIN_MS = 5_000;
/** Tries before giving up (five wrong codes in a row lock the account's second step). */
const MAX_TRIES = 3;
/** The steps used, per origin and e-mail, for the processes after this one. */
const STEPS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '.tmp', 'demo-steps');

const totp = new TOTP({
  secret: Secret.fromBase32(DEMO_TOTP_SECRET),
  digits: TOTP_DIGITS,
  period: TOTP_PERIOD_SECONDS,
  algorithm: 'SHA1',
});

/** The last step used (or taken) per `origin email`, in this process. */
const lastStep = new Map<string, number>();

const stepsFile = (key: string) => path.join(STEPS_DIR, `${key.replace(/[^a-z0-9.@-]+/gi, '_')}.txt`);

/** The last step of `key` this process or an earlier one took (-Infinity: none). */
function lastStepOf(key: string): number {
  let fromFile = -Infinity;
  try {
    fromFile = Number(readFileSync(stepsFile(key), 'utf8')) || -Infinity;
  } catch {
    // No process took a step of this account on this server yet.
  }
  return Math.max(lastStep.get(key) ?? -Infinity, fromFile);
}

function takeStep(key: string, step: number): void {
  lastStep.set(key, step);
  mkdirSync(STEPS_DIR, { recursive: true });
  writeFileSync(stepsFile(key), String(step));
}

/** Whether `email` is a demo account with the demo authenticator (a second step at sign-in). */
export const hasDemoFactor = (email: string): boolean => DEMO_TOTP_EMAILS.includes(email.toLowerCase());

const stepAt = (ms: number) => Math.floor(ms / STEP_MS);

/**
 * Takes the next step of `email` on `origin` that the API accepts now, waiting for the next window
 * when the one after the current step is used already; returns its code.
 */
export async function nextDemoCode(origin: string, email: string): Promise<string> {
  const key = `${origin} ${email.toLowerCase()}`;
  for (;;) {
    const now = Date.now();
    const step = Math.max(stepAt(now + MARGIN_MS) - 1, lastStepOf(key) + 1);
    if (step <= stepAt(now) + 1) {
      // Taken before the request goes out, so two sign-ins at once never present the same step.
      takeStep(key, step);
      return totp.generate({ timestamp: step * STEP_MS });
    }
    // The step becomes "current + 1" (accepted) when the window before it starts.
    await new Promise((resolve) => setTimeout(resolve, (step - 1) * STEP_MS - now + 50));
  }
}

/** Whether a refused code was refused only for having been used (the next step then passes). */
const isUsedCode = (error: { fields?: Record<string, string>; message?: string } | undefined) =>
  error?.fields?.['code'] === SECOND_FACTOR_ERRORS.codeUsed ||
  error?.message === SECOND_FACTOR_ERRORS.codeUsed;

interface Envelope<T> {
  success: boolean;
  data?: T;
  error?: { code?: string; message?: string; fields?: Record<string, string> };
}

/** Passes the second step of a demo account through the API (POST /api/auth/second-step): the sign-in's data. */
export async function passDemoSecondStep<T>(
  request: APIRequestContext,
  origin: string,
  email: string,
  ticket: string,
): Promise<T> {
  let body: Envelope<T> | undefined;
  for (let attempt = 0; attempt < MAX_TRIES; attempt += 1) {
    const code = await nextDemoCode(origin, email);
    const response = await request.post(`${origin}/api/auth/second-step`, {
      data: { method: 'totp', ticket, code },
    });
    body = (await response.json()) as Envelope<T>;
    if (body.success && body.data) return body.data;
    if (!isUsedCode(body.error)) break;
  }
  throw new Error(`second step of ${email} failed: ${JSON.stringify(body)}`);
}

/**
 * Signs in through the API (POST /api/auth/login on the server `request` talks to), then passes the
 * second step of a demo account with the demo authenticator: the sign-in's data (user and tokens)
 * and the server's origin.
 */
export async function signInThroughApi<T>(
  request: APIRequestContext,
  email: string,
  password: string,
): Promise<{ data: T; origin: string }> {
  const response = await request.post('/api/auth/login', { data: { email, password } });
  const origin = new URL(response.url()).origin;
  const body = (await response.json()) as Envelope<T | { secondStep: { ticket: string } }>;
  if (!body.success || !body.data) {
    throw new Error(`sign-in of ${email} failed (${response.status()}): ${JSON.stringify(body)}`);
  }
  if (!('secondStep' in (body.data as object))) return { data: body.data as T, origin };
  if (!hasDemoFactor(email)) throw new Error(`sign-in of ${email}: a second step the tests cannot pass`);
  const { ticket } = (body.data as { secondStep: { ticket: string } }).secondStep;
  return { data: await passDemoSecondStep<T>(request, origin, email, ticket), origin };
}

/**
 * On the sign-in page after a demo account's password: the second step, the code typed as a person
 * would, until the API takes it.
 */
export async function passDemoSecondStepOnPage(page: Page, email: string): Promise<void> {
  const field = page.getByLabel(SECOND_FACTOR_TEXT.codeLabel);
  await field.waitFor();
  const origin = new URL(page.url()).origin;
  let refusal = '';
  for (let attempt = 0; attempt < MAX_TRIES; attempt += 1) {
    await field.fill(await nextDemoCode(origin, email));
    const [response] = await Promise.all([
      page.waitForResponse(
        (candidate) =>
          candidate.url().endsWith('/api/auth/second-step') && candidate.request().method() === 'POST',
      ),
      page.getByRole('button', { name: SECOND_FACTOR_TEXT.verify, exact: true }).click(),
    ]);
    if (response.ok()) return;
    const body = (await response.json()) as Envelope<unknown>;
    refusal = JSON.stringify(body.error);
    if (!isUsedCode(body.error)) break;
  }
  throw new Error(`second step of ${email} on the page failed: ${refusal}`);
}
