/**
 * What a new password must be (account creation, password change, the first admin): at least
 * USER_PASSWORD_MIN characters, not containing the account's e-mail name or the person's names,
 * and rated at least "safely unguessable" (score 3 of 4) by zxcvbn-ts with its common-password
 * and English dictionaries. Only new passwords are checked: existing ones keep signing in.
 *
 * Runs on the server only: the estimator and its dictionaries are about 1 MB, far too much for the
 * console's pages, which show the server's field message instead. One estimate of a long password
 * costs up to a second or more of CPU, so it runs in two worker threads (started on first use), one
 * for typed passwords and one, at the lowest CPU priority, for long ones (TYPED_LENGTH): requests
 * queue there instead of stalling every other request on the event loop.
 * Those threads are shared by everyone, so nobody may fill them: only the first ESTIMATED_LENGTH
 * characters are estimated (zxcvbn's cost grows with the length; a password that long is judged
 * by its start, which must then be strong on its own), a person has at most one estimate
 * waiting — another one meanwhile is refused at once (429), before it reaches a worker — and
 * their estimates may take at most a thirtieth of a thread's time (ESTIMATOR_SHARE), and they start
 * at most PASSWORD_CHECKS_PER_MINUTE checks a minute.
 */
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { PASSWORD_RULES, USER_PASSWORD_MIN } from 'shared-contracts';
import { tooManyRequests } from '../http/http-error';

/** zxcvbn's score below which a password is refused (3: "safely unguessable", ~10^8 guesses). */
export const MIN_PASSWORD_SCORE = 3;

/** How much of a password the estimator reads: enough for any password a person types. */
export const ESTIMATED_LENGTH = 100;

/** A name part shorter than this is not looked for (initials, "Al"). */
const MIN_NAME_PART = 3;

/** Whose password it is: what it must not contain, and what the estimator should guess first. */
export interface PasswordOwner {
  email: string;
  firstName?: string | null;
  lastName?: string | null;
}

/** The estimator's verdict on one password. */
export interface StrengthEstimate {
  score: number;
  warning: string;
  suggestion: string;
}

// Plain CommonJS, evaluated as the worker's code: nothing to build or bundle beside the API. The
// packages are required by the absolute paths the API itself resolves (workerData).
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
// The thread of long passwords runs at the lowest CPU priority, for this thread alone (Linux: a
// thread's id is a process id to setpriority): their estimates then take only CPU that requests,
// database work, hashing and typed passwords leave idle. Elsewhere, or where the thread's id cannot
// be read, it keeps the process's priority.
if (workerData.lowPriority) {
  try {
    const self = require('node:fs').readlinkSync('/proc/thread-self');
    require('node:os').setPriority(Number(self.slice(self.lastIndexOf('/') + 1)), 19);
  } catch {}
}
const { ZxcvbnFactory } = require(workerData.core);
const common = require(workerData.common);
const english = require(workerData.english);
const zxcvbn = new ZxcvbnFactory({
  dictionary: { ...common.dictionary, ...english.dictionary },
  graphs: common.adjacencyGraphs,
  translations: english.translations,
});
parentPort.on('message', ({ id, password, userInputs }) => {
  const started = performance.now();
  try {
    const result = zxcvbn.check(password, userInputs);
    parentPort.postMessage({
      id,
      tookMs: performance.now() - started,
      score: result.score,
      warning: result.feedback.warning || '',
      suggestion: result.feedback.suggestions[0] || '',
    });
  } catch (error) {
    parentPort.postMessage({ id, error: String(error) });
  }
});
`;

/** What a thread answers: the estimate, and how long it kept the thread (ms). */
interface ThreadAnswer extends StrengthEstimate {
  tookMs: number;
}

interface Pending {
  resolve: (estimate: ThreadAnswer) => void;
  reject: (error: Error) => void;
}

/**
 * Longest password estimated on the thread of typed passwords (a typed password or passphrase costs
 * milliseconds); a longer one goes to the thread of long passwords, which runs at the lowest CPU
 * priority, so that a flood of long passwords neither waits before nor slows down anyone's typed
 * one (a 100-character password costs a thread over a second of CPU).
 */
export const TYPED_LENGTH = 32;

/** The two worker threads: typed passwords at the process's priority, long ones at the lowest. */
type EstimatorKind = 'typed' | 'long';

interface Estimator {
  kind: EstimatorKind;
  thread: Worker;
  waiting: Map<number, Pending>;
}

const estimators: Estimator[] = [];
let nextId = 0;

function startEstimator(kind: EstimatorKind): Estimator {
  const resolve = createRequire(import.meta.url).resolve;
  const thread = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: {
      core: resolve('@zxcvbn-ts/core'),
      common: resolve('@zxcvbn-ts/language-common'),
      english: resolve('@zxcvbn-ts/language-en'),
      lowPriority: kind === 'long',
    },
  });
  const estimator: Estimator = { kind, thread, waiting: new Map() };
  thread.on('message', (message: { id: number; error?: string } & ThreadAnswer) => {
    const waiting = estimator.waiting.get(message.id);
    if (!waiting) return;
    estimator.waiting.delete(message.id);
    if (estimator.waiting.size === 0) thread.unref();
    if (message.error !== undefined)
      waiting.reject(new Error(`password strength estimate failed: ${message.error}`));
    else
      waiting.resolve({
        score: message.score,
        warning: message.warning,
        suggestion: message.suggestion,
        tookMs: message.tookMs,
      });
  });
  const fail = (error: Error) => {
    const index = estimators.indexOf(estimator);
    if (index >= 0) estimators.splice(index, 1);
    for (const waiting of estimator.waiting.values()) waiting.reject(error);
    estimator.waiting.clear();
  };
  thread.on('error', fail);
  thread.on('exit', (code) => fail(new Error(`a password strength worker stopped (exit code ${code})`)));
  estimators.push(estimator);
  return estimator;
}

/** The thread of `kind`, started on first use (and again after it failed). */
function estimatorFor(kind: EstimatorKind): Estimator {
  return estimators.find((estimator) => estimator.kind === kind) ?? startEstimator(kind);
}

/** The people with an estimate waiting or running. */
const estimating = new Set<string>();

/** How many estimates are waiting or running now, over every thread. */
export function estimatesInQueue(): number {
  return estimators.reduce((sum, estimator) => sum + estimator.waiting.size, 0);
}

/**
 * How much of a thread's time one person's estimates may take: a credit of ESTIMATOR_CREDIT_MS of
 * thread time, spent by each estimate as it finishes and earned back at ESTIMATOR_SHARE of the
 * clock (a thirtieth: a second every 30 s), up to the credit again. A check starts only with
 * credit left. Typed passwords take milliseconds, so people and administrators creating many
 * accounts never meet it; a 100-character one takes over a second, so a flood of them gets one or
 * two estimates and then one about every 40 s: a thirtieth of a thread, not all of it.
 */
export const ESTIMATOR_CREDIT_MS = 1_500;
export const ESTIMATOR_SHARE = 1 / 30;

/** Each person's credit of thread time (ms) when last changed; absent: the whole credit. */
const credits = new Map<string, { ms: number; at: number }>();

/** `person`'s credit of estimator time at `now` (ms; below zero after a long estimate). */
export function creditOf(person: string, now = Date.now()): number {
  const credit = credits.get(person);
  if (!credit) return ESTIMATOR_CREDIT_MS;
  return Math.min(ESTIMATOR_CREDIT_MS, credit.ms + (now - credit.at) * ESTIMATOR_SHARE);
}

/** Spends `tookMs` of `person`'s credit: what an estimate of theirs kept a thread busy. */
export function spendCredit(person: string, tookMs: number, now = Date.now()): void {
  const left = creditOf(person, now) - tookMs;
  credits.set(person, { ms: left, at: now });
}

/** When each person's checks of the last minute started. */
const recentChecks = new Map<string, number[]>();

/**
 * Admits a new-password check of `person`, or answers 429 at once: while one of theirs is waiting
 * or running, without credit of thread time left, or past `perMinute` in the last minute
 * (PASSWORD_CHECKS_PER_MINUTE, default 20). Called before anything else a password check does (the
 * throttle's database writes included), so a flood from one person costs a lookup in memory per
 * request, and one person's long passwords keep a thread busy a thirtieth of the time at most.
 */
export function admitPasswordCheck(person: string, perMinute: number, now = Date.now()): void {
  if (estimating.has(person)) throw tooManyRequests(PASSWORD_RULES.checkRunning, 1);
  const credit = creditOf(person, now);
  if (credit <= 0) {
    throw tooManyRequests(PASSWORD_RULES.tooManyChecks, Math.ceil((1 - credit) / ESTIMATOR_SHARE / 1000));
  }
  const recent = (recentChecks.get(person) ?? []).filter((at) => at > now - 60_000);
  if (recent.length >= perMinute) {
    recentChecks.set(person, recent);
    const wait = Math.max(1, Math.ceil((recent[0]! + 60_000 - now) / 1000));
    throw tooManyRequests(PASSWORD_RULES.tooManyChecks, wait);
  }
  recent.push(now);
  recentChecks.set(person, recent);
  // The map holds the people of the last minute, not everyone who ever checked a password.
  if (recentChecks.size > 10_000) {
    for (const [key, times] of recentChecks) {
      if (times.every((at) => at <= now - 60_000)) recentChecks.delete(key);
    }
  }
  if (credits.size > 10_000) {
    for (const key of credits.keys()) if (creditOf(key, now) >= ESTIMATOR_CREDIT_MS) credits.delete(key);
  }
}

/**
 * zxcvbn's estimate of `password` (its first ESTIMATED_LENGTH characters), with `userInputs` (the
 * owner's e-mail and names) guessed first. With `person`, refused (429) while that person has one
 * waiting or running.
 */
export function estimateStrength(
  password: string,
  userInputs: string[],
  person?: string,
): Promise<StrengthEstimate> {
  if (person !== undefined && estimating.has(person)) {
    return Promise.reject(tooManyRequests(PASSWORD_RULES.checkRunning, 1));
  }
  if (person !== undefined) estimating.add(person);
  const answer = new Promise<ThreadAnswer>((resolve, reject) => {
    const id = (nextId += 1);
    const estimated = [...password].slice(0, ESTIMATED_LENGTH);
    const { thread, waiting: pending } = estimatorFor(estimated.length > TYPED_LENGTH ? 'long' : 'typed');
    pending.set(id, { resolve, reject });
    // Kept alive only while an answer is awaited: idle, it must not hold a process (a test run, a
    // CLI, a server shutting down) open.
    thread.ref();
    try {
      thread.postMessage({ id, password: estimated.join(''), userInputs });
    } catch (error) {
      pending.delete(id);
      if (pending.size === 0) thread.unref();
      reject(error instanceof Error ? error : new Error(String(error)));
    }
  });
  if (person === undefined) return answer.then(withoutTime);
  return answer
    .then((result) => {
      spendCredit(person, result.tookMs);
      return withoutTime(result);
    })
    .finally(() => estimating.delete(person));
}

function withoutTime({ score, warning, suggestion }: ThreadAnswer): StrengthEstimate {
  return { score, warning, suggestion };
}

/** The e-mail's name part (before the last @), and its pieces between dots, dashes, pluses and underscores. */
function emailNames(email: string): string[] {
  const at = email.lastIndexOf('@');
  const local = (at < 0 ? email : email.slice(0, at)).toLowerCase();
  return [local, ...local.split(/[._+-]+/)].filter((part) => part.length >= MIN_NAME_PART);
}

function personNames(owner: PasswordOwner): string[] {
  return [owner.firstName, owner.lastName]
    .map((name) => name?.trim().toLowerCase() ?? '')
    .filter((name) => name.length >= MIN_NAME_PART);
}

/**
 * Why `password` cannot be a new password of `owner`, or null when it can. `person` names who asks
 * (the account changing its password, the administrator creating one): one estimate at a time each.
 */
export async function passwordProblem(
  password: string,
  owner: PasswordOwner,
  person?: string,
): Promise<string | null> {
  if ([...password].length < USER_PASSWORD_MIN) return PASSWORD_RULES.tooShort;
  const lower = password.toLowerCase();
  const email = emailNames(owner.email);
  if (email.some((part) => lower.includes(part))) return PASSWORD_RULES.containsEmail;
  const names = personNames(owner);
  if (names.some((name) => lower.includes(name))) return PASSWORD_RULES.containsName;
  const estimate = await estimateStrength(password, [owner.email, ...email, ...names], person);
  if (estimate.score >= MIN_PASSWORD_SCORE) return null;
  return `${PASSWORD_RULES.tooEasy}: ${estimate.warning || estimate.suggestion || PASSWORD_RULES.tooEasyDetail}`;
}
