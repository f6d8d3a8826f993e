/**
 * The export's paths write the same bytes: on PostgreSQL the CSV comes from COPY … TO STDOUT
 * (streamCopyCsv) and the JSON from a cursor (streamCursorExport), on PGlite both from keyset
 * batches (streamKeysetExport). Rows whose free text needs quoting, the formula guard, or both, with
 * ties and NULLs in every sort key, are exported through each path and compared byte for byte, for
 * several filters and sorts (keyset batches as small as one row); the COPY path's pieces are tested
 * on both engines.
 */
import type { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { ApprovalExportQuerySchema, type ApprovalExportQuery } from 'shared-contracts';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approvals, companies } from '../../db/schema';
import { build, type TestContext } from '../../test/build';
import {
  CsvRowEndings,
  csvField,
  inlineStatement,
  streamCopyCsv,
  streamCursorExport,
  streamKeysetExport,
} from './approvals.export';
import { rowsOf } from './approvals.repository';

let t: TestContext;
beforeAll(async () => {
  t = await build();
});
afterAll(async () => {
  await t?.close();
});

async function bytesOf(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

const exportQuery = (input: Record<string, unknown>): ApprovalExportQuery =>
  v.parse(ApprovalExportQuerySchema, input);

/** Free text that needs quoting, the formula guard, or both (and some that needs neither). */
const AWKWARD = [
  'Plain Name',
  'Comma, Inc.',
  'The "Quoted" Co',
  'Line\nBreak',
  'Carriage\rReturn',
  'Both\r\nEnds',
  '=SUM(A1:A9)',
  '+1 555 0100',
  '-minus',
  '@at',
  '\tTabbed',
  '\rReturn first',
  '=HYPERLINK("http://x","click, here")',
  '"',
  '""',
  ',',
  'Ünïcödé ✓ 日本',
  ' leading space',
  "O'Brien \\ backslash",
  // A formula behind a separator some spreadsheet splits cells on.
  'Sock;=2+5;',
  'Tab\t=1+1',
  'Pipe | @SUM(1)',
  'Semi; -3+4',
  ' =lead',
  '\t\t=twice',
  'Quote;"=1+2"',
  'Line\n+5',
];

describe('CSV row endings (the COPY path)', () => {
  const input = Buffer.from('a,"x\ny",b\n"q""\n""",c\nplain\n"\n"\n');
  const expected = 'H\r\na,"x\ny",b\r\n"q""\n""",c\r\nplain\r\n"\n"\r\n';

  it('turns row-ending LFs into CRLF, keeps LFs inside quotes, puts the header first', async () => {
    const rows = new CsvRowEndings('H\r\n');
    rows.end(input);
    expect((await bytesOf(rows)).toString()).toBe(expected);
  });

  it('gives the same bytes however the input is split into chunks', async () => {
    for (let cut = 1; cut < input.length; cut += 1) {
      for (const second of [cut + 1, cut + 3, input.length]) {
        const rows = new CsvRowEndings('H\r\n');
        rows.write(input.subarray(0, cut));
        rows.write(input.subarray(cut, second));
        rows.end(input.subarray(second));
        expect((await bytesOf(rows)).toString(), `cut at ${cut}, ${second}`).toBe(expected);
      }
    }
  });

  it('writes the header alone when there are no rows', async () => {
    const rows = new CsvRowEndings('H\r\n');
    rows.end();
    expect((await bytesOf(rows)).toString()).toBe('H\r\n');
  });
});

describe('parameters written into the COPY statement', () => {
  it('reach PostgreSQL as the same values, quotes and backslashes included', async () => {
    const values = [...AWKWARD, '%_\\%', "'; drop table approvals; --", ''];
    for (const value of values) {
      const text = inlineStatement(sql`select ${value}::text as v, ${42}::int as n, ${true}::boolean as b`);
      const [row] = rowsOf<{ v: string; n: number; b: boolean }>(await t.database.db.execute(sql.raw(text)));
      expect(row).toEqual({ v: value, n: 42, b: true });
    }
  });

  it('leave placeholder-like text inside the statement’s own literals alone', () => {
    expect(inlineStatement(sql`select '$1' as "$2", ${'x'} as y`)).toBe(`select '$1' as "$2", 'x' as y`);
  });
});

const ON_POSTGRES = process.env.TEST_DB_ENGINE === 'postgres';

describe('COPY, cursor and keyset exports', () => {
  beforeAll(async () => {
    const db = t.database.db;
    const [company] = await db.select().from(companies).orderBy(companies.id).limit(1);
    const base = Date.parse('2026-01-01T00:00:00.000Z');
    const statuses = ['PENDING', 'APPROVED', 'REJECTED', 'EXPIRED', 'PAYMENT_COMPLETED'] as const;
    await db.insert(approvals).values(
      AWKWARD.flatMap((text, i) =>
        statuses.map((status, s) => {
          const at = new Date(base + (i * statuses.length + s) * 3_600_500);
          const decided = new Date(at.getTime() + 90_061_001);
          const decider = [text, '', `${text} (${s})`][s % 3]!;
          return {
            companyId: company!.id,
            companyName: [text, i % 2 ? '' : null, `${text} ${s}`][(i + s) % 3]!,
            status,
            priority: (['LOW', 'MEDIUM', 'HIGH', 'URGENT'] as const)[(i + s) % 4]!,
            totalBills: i + s,
            processedBills: s,
            totalAmountCents: 1 + (i % 5) * 100_003 + (s % 2) * 7,
            managerName: [text, null, ''][(i + s) % 3]!,
            managerEmail: [null, `m${i}@example.com`, null][(i + s) % 3]!,
            createdAt: at,
            ...(status === 'REJECTED'
              ? { rejectedBy: decider, rejectionDate: decided, rejectionReason: 'r' }
              : status === 'PENDING'
                ? {}
                : { approvedBy: decider, approvalDate: decided }),
          };
        }),
      ),
    );
    // Ties in the creation time, and times apart by microseconds only (a key the keyset must
    // compare exactly, not as a millisecond JavaScript Date).
    await db.execute(
      sql`update approvals set created_at = date_trunc('day', created_at) + (total_bills % 3) * interval '1 microsecond'`,
    );
  });

  const cases: Array<Record<string, string>> = [
    {},
    { sortBy: 'company.name', sortOrder: 'asc' },
    { sortBy: 'company.name', sortOrder: 'desc' },
    { sortBy: 'managerName', sortOrder: 'desc' },
    { sortBy: 'managerName', sortOrder: 'asc' },
    { sortBy: 'billStats.totalAmount', sortOrder: 'asc' },
    { sortBy: 'billStats.totalBills', sortOrder: 'desc' },
    { sortBy: 'status', sortOrder: 'asc' },
    { sortBy: 'priority', sortOrder: 'desc' },
    { sortBy: 'id', sortOrder: 'asc' },
    { sortBy: 'createdAt', sortOrder: 'asc' },
    { status: 'REJECTED' },
    { status: 'APPROVED', priority: 'LOW' },
    { search: 'quoted' },
    { search: "o'brien \\" },
    { search: 'no such approval anywhere' },
  ];

  it.skipIf(!ON_POSTGRES).each(cases)('COPY writes the bytes of the cursor for %j', async (input) => {
    const query = exportQuery(input);
    const failures: unknown[] = [];
    const database = t.database;
    if (database.kind !== 'postgres') throw new Error('PostgreSQL only');
    const [fromCopy, fromCursor] = await Promise.all([
      bytesOf(streamCopyCsv(database.pool, query, (error) => failures.push(error))),
      bytesOf(streamCursorExport(database.db, query, (error) => failures.push(error))),
    ]);
    expect(failures).toEqual([]);
    expect(fromCopy.toString()).toBe(fromCursor.toString());
    expect(fromCopy.equals(fromCursor)).toBe(true);
    expect(fromCopy.toString().startsWith('ID,Company,Status,')).toBe(true);
    // Every case but the last matches rows.
    const lines = fromCopy.toString().split('\r\n').length - 2;
    if (input.search === 'no such approval anywhere') expect(lines).toBe(0);
    else expect(lines).toBeGreaterThan(0);
  });

  it.each(cases)('keyset batches write the bytes of the cursor for %j', async (input) => {
    const failures: unknown[] = [];
    for (const format of ['csv', 'json'] as const) {
      const query = exportQuery({ ...input, format });
      const fromCursor = await bytesOf(streamCursorExport(t.database.db, query, (e) => failures.push(e)));
      for (const batch of [1, 2, 7, 1000]) {
        const fromKeyset = await bytesOf(
          streamKeysetExport(t.database.db, query, (e) => failures.push(e), batch),
        );
        expect(fromKeyset.toString(), `${format}, batches of ${batch}`).toBe(fromCursor.toString());
      }
      if (format === 'json' && input.search !== 'no such approval anywhere') {
        expect((JSON.parse(fromCursor.toString()) as unknown[]).length).toBeGreaterThan(0);
      }
    }
    expect(failures).toEqual([]);
  });

  it.skipIf(!ON_POSTGRES)('quote and guard the awkward text as csvField does', async () => {
    const database = t.database;
    if (database.kind !== 'postgres') throw new Error('PostgreSQL only');
    const csv = (
      await bytesOf(streamCopyCsv(database.pool, exportQuery({ search: 'hyperlink' }), () => {}))
    ).toString();
    expect(csv).toContain(`,"'=HYPERLINK(""http://x"",""click, here"")",`);
    expect(csv.split('\r\n').length).toBeGreaterThan(2);
  });

  it.skipIf(!ON_POSTGRES)('end the COPY and free its connection when the client goes away', async () => {
    const database = t.database;
    if (database.kind !== 'postgres') throw new Error('PostgreSQL only');
    const failures: unknown[] = [];
    const stream = streamCopyCsv(database.pool, exportQuery({}), (error) => failures.push(error));
    await new Promise((resolve) => stream.once('readable', resolve));
    stream.destroy();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(failures).toEqual([]);
    const [row] = rowsOf<{ n: string }>(
      await database.db.execute(
        sql`select count(*) as n from pg_stat_activity where datname = current_database() and query like 'copy (%'`,
      ),
    );
    expect(Number(row!.n)).toBe(0);
  });
});

/** A formula trigger at the start of a cell, once the spaces an importer trims are gone. */
const RUNS_AS_FORMULA = /^ *[=+\-@]/;

/**
 * The cells a spreadsheet makes of `csv` when it splits on `separator` (a semicolon-locale Excel
 * opens a .csv with ';'): RFC 4180 quoting, but a quote only opens a quoted cell at the cell's start.
 */
function spreadsheetCells(csv: string, separator: string): string[] {
  const cells: string[] = [];
  let at = 0;
  while (at < csv.length) {
    let cell = '';
    if (csv[at] === '"') {
      at += 1;
      for (; at < csv.length; at += 1) {
        if (csv[at] === '"') {
          if (csv[at + 1] === '"') {
            cell += '"';
            at += 1;
          } else {
            at += 1;
            break;
          }
        } else cell += csv[at];
      }
    }
    while (at < csv.length && csv[at] !== separator && csv[at] !== '\r' && csv[at] !== '\n') {
      cell += csv[at];
      at += 1;
    }
    cells.push(cell);
    if (csv[at] === '\r' && csv[at + 1] === '\n') at += 1;
    at += 1;
  }
  return cells;
}

/** Cells that would run as formulas in any reading: split on each separator, quotes kept or read. */
function formulaCells(csv: string): string[] {
  const found: string[] = [];
  for (const separator of [';', ',', '\t', '|']) {
    for (const cell of spreadsheetCells(csv, separator)) if (RUNS_AS_FORMULA.test(cell)) found.push(cell);
    // A reader that ignores quoting altogether (quotes left in the cell, or stripped).
    for (const cell of csv.split(/\r\n|\r|\n/).flatMap((line) => line.split(separator))) {
      if (RUNS_AS_FORMULA.test(cell) || RUNS_AS_FORMULA.test(cell.replace(/^[ "]+/, ''))) found.push(cell);
    }
  }
  return found;
}

describe('the formula guard', () => {
  it('leaves no cell starting with a formula trigger, however the field is split', () => {
    for (const text of AWKWARD) {
      const field = csvField(text);
      expect(field.startsWith('"') && field.endsWith('"'), JSON.stringify(text)).toBe(true);
      expect(formulaCells(`1;${field};2\r\n`), JSON.stringify(text)).toEqual([]);
    }
    expect(csvField('Sock;=2+5;')).toBe(`"Sock;'=2+5;"`);
    expect(csvField('=SUM(A1)')).toBe(`"'=SUM(A1)"`);
    expect(csvField('Jean-Luc Picard, Esq.')).toBe('"Jean-Luc Picard, Esq."');
    expect(csvField(12.5)).toBe('12.5');
    expect(csvField('')).toBe('');
    expect(csvField(null)).toBe('');
  });

  it('holds in the exported file read as a semicolon-locale spreadsheet would, money still numeric', async () => {
    const db = t.database.db;
    const [company] = await db.select().from(companies).orderBy(companies.id).limit(1);
    const marker = 'GUARDCHECK';
    const [approval] = await db
      .insert(approvals)
      .values({
        companyId: company!.id,
        companyName: `${marker} Sock;=2+5;`,
        status: 'APPROVED',
        totalBills: 1,
        processedBills: 1,
        totalAmountCents: 123_456,
        managerName: 'Mgr;@SUM(1); -1',
        approvedBy: 'Sock;=2+5;',
        approvalDate: new Date(),
      })
      .returning({ id: approvals.id });
    const { tokens } = await t.login('admin@example.com');
    const response = await t.request({
      method: 'GET',
      url: `/api/bill-approval/approvals/export?format=csv&search=${marker}`,
      token: tokens.accessToken,
    });
    expect(response.statusCode, response.body).toBe(200);
    const csv = response.body;
    expect(csv).toContain(approval!.id);
    expect(formulaCells(csv)).toEqual([]);
    const [, row] = csv.trimEnd().split('\r\n');
    const cells = spreadsheetCells(row!, ';');
    expect(cells).toContain("'=2+5");
    expect(cells).toContain("'@SUM(1)");
    // Read with ',' (this file's separator): the fields come back whole, the amount a bare number.
    const fields = spreadsheetCells(row!, ',');
    expect(fields[1]).toBe(`${marker} Sock;'=2+5;`);
    expect(fields[6]).toBe('1234.56');
    expect(row).toContain(',1234.56,');
    expect(fields[7]).toBe("Mgr;'@SUM(1); '-1");
    expect(fields[9]).toBe("Sock;'=2+5;");
  });
});
