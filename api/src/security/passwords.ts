import { randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import type { PasswordHashingOptions } from '../config';

/** argon2id hashing with the configured cost. */
export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(passwordHash: string, password: string): Promise<boolean>;
  /**
   * Spends the time a real verification takes, for unknown e-mails, so the answer time does not
   * tell whether an account exists.
   */
  verifyDummy(password: string): Promise<void>;
  /** Computes the dummy hash ahead of the first request, so that request is not slower. */
  warmUp(): Promise<void>;
}

export function createPasswordHasher(options: PasswordHashingOptions): PasswordHasher {
  // argon2id is the library's default algorithm (its `Algorithm` is a const enum, which
  // isolatedModules cannot read); hashes start with $argon2id$.
  const argonOptions = { ...options };
  let dummyHash: Promise<string> | undefined;

  const hashPassword = (password: string) => hash(password, argonOptions);
  const verifyPassword = async (passwordHash: string, password: string) => {
    try {
      return await verify(passwordHash, password);
    } catch {
      // A malformed stored hash is a failed verification, not a server error.
      return false;
    }
  };
  return {
    hash: hashPassword,
    verify: verifyPassword,
    async verifyDummy(password) {
      dummyHash ??= hashPassword(randomBytes(16).toString('hex'));
      await verifyPassword(await dummyHash, password);
    },
    async warmUp() {
      dummyHash ??= hashPassword(randomBytes(16).toString('hex'));
      await dummyHash;
    },
  };
}
