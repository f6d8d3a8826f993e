/**
 * One-time recovery codes: ten at a time, each two groups of five letters and digits, shown once
 * and stored hashed as passwords are (argon2id). A code's first group picks the one hash to check.
 */
import { randomInt } from 'node:crypto';
import { RECOVERY_CODE_COUNT } from 'shared-contracts';
import type { AppDeps } from '../../app-deps';
import type { Db } from '../../db/client';
import { findUnusedRecoveryCode, replaceRecoveryCodes, spendRecoveryCode } from './factors.repository';

/** Letters and digits that cannot be mistaken for each other when typed from paper (no 0/O, 1/I). */
const ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';

function group(): string {
  let text = '';
  for (let i = 0; i < 5; i += 1) text += ALPHABET[randomInt(ALPHABET.length)];
  return text;
}

/** Ten new codes whose first groups differ (50 random bits each). */
export function newRecoveryCodes(): string[] {
  const lookups = new Set<string>();
  const codes: string[] = [];
  while (codes.length < RECOVERY_CODE_COUNT) {
    const first = group();
    if (lookups.has(first)) continue;
    lookups.add(first);
    codes.push(`${first}-${group()}`);
  }
  return codes;
}

/** Hashes the codes (before the caller's transaction: hashing takes time) for replaceRecoveryCodes. */
export async function hashRecoveryCodes(
  deps: Pick<AppDeps, 'passwords'>,
  codes: string[],
): Promise<Array<{ lookup: string; codeHash: string }>> {
  return Promise.all(
    codes.map(async (code) => ({ lookup: code.slice(0, 5), codeHash: await deps.passwords.hash(code) })),
  );
}

/** The person's codes become `hashed` (made by hashRecoveryCodes); the old ones stop working. */
export const storeRecoveryCodes = replaceRecoveryCodes;

/**
 * Spends the person's unused code `code` (upper-case, as the schema leaves it): true when it was
 * theirs and unused. An unknown first group costs the same hashing work as a known one.
 */
export async function useRecoveryCode(
  deps: Pick<AppDeps, 'passwords'>,
  db: Db,
  userId: number,
  code: string,
): Promise<boolean> {
  const row = await findUnusedRecoveryCode(db, userId, code.slice(0, 5));
  if (!row) {
    await deps.passwords.verifyDummy(code);
    return false;
  }
  if (!(await deps.passwords.verify(row.codeHash, code))) return false;
  return spendRecoveryCode(db, row.id);
}
