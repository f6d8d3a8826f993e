// The simulator refuses a request it cannot honour rather than write a file no bank would send
// (an unknown trace, a code that is no code, a death return without its date, a NOC without its
// corrected data), and its command line writes the same file as the function.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseReturnFile } from 'api/src/payments/nacha-returns';
import { describe, expect, it } from 'vitest';
import { parseEntryArgument, runCli } from './cli';
import { BankSimulatorError, simulateBankResponse, type BankResponse } from './index';
import { forwardFile, TRACE } from './test-support';

const refuses = (responses: BankResponse[], message: RegExp) =>
  expect(() => simulateBankResponse(forwardFile(), responses)).toThrow(
    expect.objectContaining({ name: 'BankSimulatorError', message: expect.stringMatching(message) }),
  );

describe('simulateBankResponse refuses', () => {
  it('a trace the bank file does not hold, or one answered twice', () => {
    refuses([{ traceNumber: '121042880000009', code: 'R01' }], /no entry .* 121042880000009/i);
    refuses(
      [
        { traceNumber: TRACE(1), code: 'R01' },
        { traceNumber: TRACE(1), code: 'R02' },
      ],
      /answered twice/,
    );
  });

  it('no answer at all, and a code on neither list (retired ones included)', () => {
    refuses([], /at least one/);
    refuses([{ traceNumber: TRACE(1), code: 'R65' }], /neither a return code/);
    refuses([{ traceNumber: TRACE(1), code: 'C10' }], /neither a return code/);
  });

  it('a date of death missing from R14/R15 or given to another return, corrected data on a return, a NOC without it', () => {
    refuses([{ traceNumber: TRACE(1), code: 'R15' }], /date of death/);
    refuses([{ traceNumber: TRACE(1), code: 'R01', dateOfDeath: '2026-01-02' }], /only R14 and R15/);
    refuses(
      [{ traceNumber: TRACE(1), code: 'R01', correctedData: { accountNumber: '1' } }],
      /no corrected data/,
    );
    refuses([{ traceNumber: TRACE(1), code: 'C02' }], /routing number is missing/);
    refuses(
      [{ traceNumber: TRACE(1), code: 'C02', correctedData: { routingNumber: '121042883' } }],
      /check digit/,
    );
  });

  it('a file that is not one the console wrote', () => {
    expect(() => simulateBankResponse('not a bank file\n', [{ traceNumber: TRACE(1), code: 'R01' }])).toThrow(
      BankSimulatorError,
    );
  });
});

describe('the command line', () => {
  it('reads --entry, --return and --noc with their keys', () => {
    expect(parseEntryArgument(`${TRACE(1)}=R14,death=2026-01-02,info=estate`)).toEqual({
      traceNumber: TRACE(1),
      code: 'R14',
      dateOfDeath: '2026-01-02',
      addendaInformation: 'estate',
    });
    expect(parseEntryArgument(`${TRACE(2)}=C07,routing=091000019,account=12,tc=32`)).toEqual({
      traceNumber: TRACE(2),
      code: 'C07',
      correctedData: { routingNumber: '091000019', accountNumber: '12', transactionCode: '32' },
    });
    expect(() => parseEntryArgument('123=R01')).toThrow(/15-digit trace/);
    expect(() => parseEntryArgument(`${TRACE(1)}=C01,acct=1`)).toThrow(/"acct"/);
  });

  it('writes the return file of a bank file on disk', () => {
    const folder = mkdtempSync(join(tmpdir(), 'bank-simulator-'));
    writeFileSync(join(folder, 'forward.ach'), forwardFile());
    const run = runCli(
      [
        'forward.ach',
        '--return',
        `${TRACE(3)}=R02`,
        '--noc',
        `${TRACE(1)}=C01,account=42`,
        '--out',
        'back.ach',
      ],
      folder,
    );
    expect(run.output).toBe(join(folder, 'back.ach'));
    const file = parseReturnFile(run.text);
    expect(
      file.batches.flatMap((batch) => batch.entries.map((entry) => entry.traceNumber.slice(-1))),
    ).toEqual(['1', '2']);
  });
});
