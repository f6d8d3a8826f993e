import type { FastifyInstance } from 'fastify';
import type { DatabaseHandle, Db } from '../db/client';

declare module 'fastify' {
  interface FastifyInstance {
    /** The open database (engine, ping, close). Opened and closed by the caller of buildApp. */
    database: DatabaseHandle;
    /** Drizzle on that database: what repositories take. */
    db: Db;
  }
}

/**
 * Plain functions decorate the root instance rather than encapsulated plugins: every route
 * needs these, and it spares the fastify-plugin dependency.
 */
export function registerDatabase(app: FastifyInstance, database: DatabaseHandle): void {
  app.decorate<DatabaseHandle>('database', database);
  app.decorate<Db>('db', database.db);
}
