/**
 * New passwords: at least 12 characters, not the e-mail's name or the person's names, and not
 * rated weak by zxcvbn-ts; each refusal says why.
 */
import { PASSWORD_RULES } from 'shared-contracts';
import { describe, expect, it } from 'vitest';
import { estimateStrength, passwordProblem } from './password-policy';

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
