import type { Readable } from 'node:stream';
import { AUDIT_CSV_HEADER, type AuditEntry, type AuditExportQuery } from 'shared-contracts';
import type { Db } from '../../db/client';
import { csvField, streamKeysetBatches } from '../../http/csv';
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
 * after the previous batch's last (created_at, id)); a client that stops reading is cut off by the
 * route's stall timer. The log only grows at its new end, so rows written during the export are not
 * in it and none already in it is skipped or repeated.
 */
export function streamAuditExport(
  db: Db,
  query: AuditExportQuery,
  onError: (error: unknown) => void,
  batchSize = AUDIT_EXPORT_BATCH,
): Readable {
  return streamKeysetBatches<AuditEntry & { position: AuditPosition }, AuditPosition>({
    readBatch: (after, limit) => auditBatch(db, query, after, limit),
    positionOf: (row) => row.position,
    text: (rows) => rows.map(auditCsvLine).join(''),
    start: `${AUDIT_CSV_HEADER.join(',')}\r\n`,
    batchSize,
    onError,
  });
}
