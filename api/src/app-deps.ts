import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from './config';
import type { Db } from './db/client';
import type { PasswordHasher } from './security/passwords';

/** What services need from the app; a Fastify instance built by buildApp provides all of it. */
export interface AppDeps {
  db: Db;
  config: AppConfig;
  passwords: PasswordHasher;
  /** Server-side notes (never tokens or passwords). */
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  /** The clock of time-dependent rules (escalation, out of office); the system clock when absent. */
  now?: () => Date;
}
