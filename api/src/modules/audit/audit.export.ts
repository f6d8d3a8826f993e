import { PassThrough, type Readable } from 'node:stream';
import { AUDIT_CSV_HEADER, type AuditEntry, type AuditExportQuery } from 'shared-contracts';
import type { Db } from '../../db/client';
import { csvField, writerOf } from '../../http/csv';
import { auditBatch, type AuditPosition } from './audit.repository';

/**
 * Rows per keyset batch: each batch is its own short query, so no transaction, cursor or pooled
 * connection is held while the client reads, and every other request waits for at most one batch
 * on the embedded database (PGlite runs one query at a time).
 */
export const AUDIT_EXPORT_BATCH = 1000;

/**
 * One CSV line. Every free text (names, descriptions, ids as written by the log, the details as
 * JSON) goes through csvField's quoting and formula guard; the row id and the ISO time never need it.
 */
export function auditCsvLine(entry: AuditEntry): string {
  return `${[
    String(entry.id),
    entry.createdAt,
    entry.userId === null ? '' : String(entry.userId),
    csvField(entry.userName),
    csvField(entry.action),
    csvField(entry.entityType),
    csvField(entry.entityId),
    csvField(entry.description),
    csvField(entry.details === null ? null : JSON.stringify(entry.details)),
  ].join(',')}\r\n`;
}

export function auditExportFileName(now = new Date()): string {
  return `audit-log-${now.toISOString().slice(0, 10)}.csv`;
}

/**
 * Every row matching the filters as CSV, newest first, in keyset batches (AUDIT_EXPORT_BATCH rows
 * after the previous batch's last (created_at, id)): the next batch is read only once the client
 * has taken this one (back-pressure), and a client that stops reading is cut off by the route's
 * stall timer. The log only grows at its new end, so rows written during the export are not in it
 * and none already in it is skipped or repeated.
 */
export function streamAuditExport(
  db: Db,
  query: AuditExportQuery,
  onError: (error: unknown) => void,
  batchSize = AUDIT_EXPORT_BATCH,
): Readable {
  const out = new PassThrough();
  const write = writerOf(out);
  void (async () => {
    let after: AuditPosition | undefined;
    let first = true;
    for (;;) {
      const rows = await auditBatch(db, query, after, batchSize);
      // The header goes out with the first rows, so a database that fails at once sends nothing
      // and the client gets the error answer.
      let chunk = first ? `${AUDIT_CSV_HEADER.join(',')}\r\n` : '';
      for (const row of rows) chunk += auditCsvLine(row);
      await write(chunk);
      first = false;
      if (rows.length < batchSize) break;
      after = rows[rows.length - 1]!.position;
    }
    out.end();
  })().catch((error: unknown) => {
    if (!out.destroyed) {
      onError(error);
      out.destroy(error instanceof Error ? error : new Error(String(error)));
    }
  });
  return out;
}
