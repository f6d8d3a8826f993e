import type { Writable } from 'node:stream';

// What every CSV export writes its cells with, and how it waits for a slow client.

/**
 * Where a spreadsheet could start a cell that runs as a formula: a formula trigger (=, +, -, @,
 * tab, CR) at the start of the field, or after any character some spreadsheet splits cells on
 * (a semicolon-locale Excel reads `"Sock;=2+5;"` as the cells `"Sock`, `=2+5` and `"`, quotes or
 * not; others split on tabs, pipes or line breaks), with only spaces between (importers trim them).
 * csvField puts a quote character before each such trigger, so every cell any of these readings
 * makes starts as plain text. FORMULA_GUARD_PATTERN (approvals.export.ts) is the same expression for PostgreSQL.
 */
export const FORMULA_TRIGGER_AT_CELL_START = /(?<=(?:^|[,;|\t\r\n"]) *)(?=[=+\-@\t\r])/g;

/**
 * A CSV field. Text is always quoted (quotes doubled) after the formula guard; an empty or missing
 * text is an empty field. Numbers are written bare, so spreadsheets keep them numeric.
 */
export function csvField(value: string | number | null): string {
  if (value === null || value === '') return '';
  if (typeof value === 'number') return String(value);
  const safe = value.replace(FORMULA_TRIGGER_AT_CELL_START, "'");
  return `"${safe.replace(/"/g, '""')}"`;
}

/** Writes to `out` and waits while it is full; throws once `out` is gone (the client left). */
export function writerOf(out: Writable): (chunk: string) => Promise<void> {
  return async (chunk) => {
    if (out.destroyed) throw new Error('export stream closed by the client');
    if (!out.write(chunk)) {
      await new Promise<void>((resolve) => {
        const done = () => {
          out.off('drain', done);
          out.off('close', done);
          resolve();
        };
        out.on('drain', done);
        out.on('close', done);
      });
    }
  };
}
