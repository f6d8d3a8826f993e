/**
 * New passwords: at least 12 characters, not the e-mail's name or the person's names, and not
 * rated weak by zxcvbn-ts; each refusal says why.
 */
import { PASSWORD_RULES } from 'shared-contracts';
import { describe, expect, it } from 'vitest';
import {
  creditOf,
  ESTIMATED_LENGTH,
  ESTIMATOR_CREDIT_MS,
  estimateStrength,
  estimatesInQueue,
  passwordProblem,
  admitPasswordCheck,
  spendCredit,
} from './password-policy';

const owner = { email: 'ada.lovelace@example.com', firstName: 'Grace', lastName: 'Hopper' };
const tooEasy = expect.stringMatching(new RegExp(`^${PASSWORD_RULES.tooEasy}: \\S`));

describe('passwordProblem', () => {
  it.each([
    ['aaaaaaaa', PASSWORD_RULES.tooShort],
    ['password', PASSWORD_RULES.tooShort],
    ['        ', PASSWORD_RULES.tooShort],
    ['12345678', PASSWORD_RULES.tooShort],
    ['Abc-12345!x', PASSWORD_RULES.tooShort],
    ['ada.lovelace@example.com', PASSWORD_RULES.containsEmail],
    ['My-ADA.LOVELACE-key-9', PASSWORD_RULES.containsEmail],
    // A piece of the e-mail name (between dots) counts too.
    ['Quartz-Lovelace-Meadow-73', PASSWORD_RULES.containsEmail],
    ['Quartz-Hopper-Meadow-73', PASSWORD_RULES.containsName],
    ['graceful-Lantern-Meadow-73', PASSWORD_RULES.containsName],
    ['password1234', tooEasy],
    ['Password123!', tooEasy],
    ['qwertyuiop12', tooEasy],
    ['iloveyou1234', tooEasy],
    ['aaaaaaaaaaaa', tooEasy],
    ['            ', tooEasy],
    ['123456789012', tooEasy],
  ])('refuses %j', async (password, message) => {
    expect(await passwordProblem(password, owner)).toEqual(message);
  });

  it('names the estimator’s warning for a common password', async () => {
    expect(await passwordProblem('password1234', owner)).toBe(
      `${PASSWORD_RULES.tooEasy}: This is similar to a commonly used password.`,
    );
  });

  it.each([
    'Quartz-Lantern-Meadow-73',
    'Gx7#pLq2!vRz',
    'Correct-Horse-Battery-9',
    'x8$Kf!2m@Qz#9vLr'.repeat(8),
  ])('accepts %j', async (password) => {
    expect(await passwordProblem(password, owner)).toBeNull();
  });

  it('ignores name parts shorter than 3 characters', async () => {
    const short = { email: 'al@example.com', firstName: 'Al', lastName: 'Xu' };
    expect(await passwordProblem('Quartz-Al-Xu-Lantern-73', short)).toBeNull();
  });

  it('guesses the owner’s own words first', async () => {
    // Unknown words on their own, but this owner's e-mail and names.
    const zork = { email: 'zorkmid@example.com', firstName: 'Frobozz', lastName: 'Flathead' };
    expect((await estimateStrength('frobozzflathead', [])).score).toBeGreaterThanOrEqual(3);
    expect(
      (await estimateStrength('frobozzflathead', ['zorkmid', 'frobozz', 'flathead'])).score,
    ).toBeLessThan(3);
    expect(await passwordProblem('FrobozzFlathead!', zork)).toBe(PASSWORD_RULES.containsName);
  });

  it('answers concurrent checks each with its own verdict', async () => {
    const passwords = ['Password123!', 'Quartz-Lantern-Meadow-73', 'iloveyou1234', 'Gx7#pLq2!vRz'];
    const verdicts = await Promise.all(passwords.map((password) => passwordProblem(password, owner)));
    expect(verdicts.map((verdict) => verdict === null)).toEqual([false, true, false, true]);
  });
});

describe('the shared estimator is nobody’s to fill', () => {
  it('reads only the first 100 characters: a weak start is weak whatever follows', async () => {
    const strongTail = 'Quartz-Lantern-Meadow-73-Gx7#pLq2!vRz';
    const weakStart = 'a'.repeat(ESTIMATED_LENGTH);
    expect(await passwordProblem(`${weakStart}${strongTail}`, owner)).toEqual(tooEasy);
    // The same characters within the first 100 count.
    expect(await passwordProblem(`${'a'.repeat(20)}${strongTail}`, owner)).toBeNull();
  });

  it('gives one person one estimate at a time; another person is not held up', async () => {
    const long = 'Quartz-Lantern-Meadow-73-'.repeat(5);
    const first = estimateStrength(long, [], 'user:7');
    await expect(estimateStrength(long, [], 'user:7')).rejects.toMatchObject({
      statusCode: 429,
      message: PASSWORD_RULES.checkRunning,
    });
    expect(() => admitPasswordCheck('user:7', 1000)).toThrow(PASSWORD_RULES.checkRunning);
    const other = estimateStrength('Gx7#pLq2!vRz', [], 'user:8');
    expect(estimatesInQueue()).toBe(2);
    // The other person's check ran on another thread: done long before the first one's.
    const order: string[] = [];
    await Promise.all([first.then(() => order.push('first')), other.then(() => order.push('other'))]);
    expect(order).toEqual(['other', 'first']);
    expect(estimatesInQueue()).toBe(0);
    // Done: the same person may ask again.
    expect((await estimateStrength('Gx7#pLq2!vRz', [], 'user:7')).score).toBeGreaterThanOrEqual(3);
  });

  it('frees the person’s place when an estimate fails', async () => {
    // Something the worker cannot be sent (a symbol has no structured clone): the estimate fails.
    const failing = estimateStrength(Symbol('x') as unknown as string, [], 'user:9');
    await expect(failing).rejects.toThrow();
    expect(estimatesInQueue()).toBe(0);
    expect((await estimateStrength('Gx7#pLq2!vRz', [], 'user:9')).score).toBeGreaterThanOrEqual(3);
  });
});

describe('a thirtieth of a thread per person', () => {
  it('charges each estimate its thread time: a long one spends the credit, typed ones hardly do', async () => {
    expect(creditOf('user:60')).toBe(ESTIMATOR_CREDIT_MS);
    await estimateStrength('Gx7#pLq2!vRz-Meadow', [], 'user:60');
    const typed = ESTIMATOR_CREDIT_MS - creditOf('user:60');
    // A typed password costs a little of the 1.5 s credit (milliseconds on a quiet machine; the
    // estimate's own time, so a busy machine charges more, and the bounds leave room for that).
    expect(typed).toBeGreaterThan(0);
    expect(typed).toBeLessThan(ESTIMATOR_CREDIT_MS / 2);
    await estimateStrength('Quartz-Lantern-Meadow-73-'.repeat(4), [], 'user:61');
    // Measured by the thread itself: the long password's own cost, more than the typed one's.
    expect(ESTIMATOR_CREDIT_MS - creditOf('user:61')).toBeGreaterThan(typed);
  });

  it('refuses a person without credit (429 with the wait) and earns it back at a thirtieth of the clock', () => {
    const start = 1_800_000_000_000;
    // A flood's first long estimates: 1.3 s, then 1.3 s more (started with 0.2 s left).
    spendCredit('user:62', 1_300, start);
    expect(() => admitPasswordCheck('user:62', 1000, start)).not.toThrow();
    spendCredit('user:62', 1_300, start + 1_300);
    let refusal: unknown;
    try {
      admitPasswordCheck('user:62', 1000, start + 1_300);
    } catch (error) {
      refusal = error;
    }
    // 0.2 s left, 43 ms earned back meanwhile, 1.3 s spent: about 1.06 s to earn back at 1/30, 32 s.
    expect(refusal).toMatchObject({
      statusCode: 429,
      message: PASSWORD_RULES.tooManyChecks,
      headers: { 'Retry-After': '32' },
    });
    expect(() => admitPasswordCheck('user:62', 1000, start + 1_300 + 30_000)).toThrow(
      PASSWORD_RULES.tooManyChecks,
    );
    // Someone else is untouched; with the credit back, the person may check again.
    expect(() => admitPasswordCheck('user:63', 1000, start + 1_300)).not.toThrow();
    expect(() => admitPasswordCheck('user:62', 1000, start + 1_300 + 32_000)).not.toThrow();
    const left = 1_500 - 1_300 + 1_300 / 30 - 1_300;
    expect(creditOf('user:62', start + 1_300 + 32_000)).toBeCloseTo(left + 32_000 / 30, 6);
  });
});

describe('new-password checks per person and minute', () => {
  it('admits the limit a minute, then 429 with the wait until the oldest leaves the minute', () => {
    const start = 1_800_000_000_000;
    for (let n = 0; n < 20; n += 1) admitPasswordCheck('user:42', 20, start + n * 1000);
    expect(() => admitPasswordCheck('user:42', 20, start + 30_000)).toThrow(PASSWORD_RULES.tooManyChecks);
    let refusal: unknown;
    try {
      admitPasswordCheck('user:42', 20, start + 30_000);
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toMatchObject({ statusCode: 429, headers: { 'Retry-After': '30' } });
    // Someone else is not counted with them; a minute after the first, one more is admitted.
    expect(() => admitPasswordCheck('user:43', 20, start + 30_000)).not.toThrow();
    expect(() => admitPasswordCheck('user:42', 20, start + 60_001)).not.toThrow();
  });
});
