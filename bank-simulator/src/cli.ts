/**
 * `pnpm bank-simulate <bank file> --entry <trace>=<code>[,key=value…]… [--out <file>]`
 *
 * Writes the return / NOC file the receiving banks would send back for a bank file the console
 * wrote (stdout, or --out). Keys of --entry: death=YYYY-MM-DD (R14, R15), info=<addenda text>, and
 * the corrected data of a change code: account=, routing=, tc=, name=, id=, dfi=, sec=.
 * --return and --noc are other names of --entry. Paths are read from where the command was typed.
 *
 * Example: `… simulate file.ach --entry 121042880000001=R03 --entry 121042880000002=C01,account=998877`
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { BankSimulatorError, simulateBankResponse, type BankResponse, type CorrectedData } from './index';

const CORRECTED_KEYS: Record<string, keyof CorrectedData> = {
  account: 'accountNumber',
  routing: 'routingNumber',
  tc: 'transactionCode',
  name: 'name',
  id: 'identification',
  dfi: 'receivingDfiIdentification',
  sec: 'secCode',
};

/** `<trace>=<code>[,key=value…]` as a response; a malformed one throws with what is expected. */
export function parseEntryArgument(argument: string): BankResponse {
  const [head = '', ...pairs] = argument.split(',');
  const match = /^(\d{15})=([RC]\d{2})$/.exec(head);
  if (!match)
    throw new BankSimulatorError(`"${argument}" must start with <15-digit trace>=<code>, e.g. …=R03`);
  const response: BankResponse = { traceNumber: match[1]!, code: match[2]! };
  const corrected: CorrectedData = {};
  for (const pair of pairs) {
    const [key = '', ...rest] = pair.split('=');
    const value = rest.join('=');
    if (key === 'death') response.dateOfDeath = value;
    else if (key === 'info') response.addendaInformation = value;
    else if (CORRECTED_KEYS[key]) corrected[CORRECTED_KEYS[key]] = value;
    else
      throw new BankSimulatorError(
        `"${key}" in "${argument}" is not one of death, info, ${Object.keys(CORRECTED_KEYS).join(', ')}`,
      );
  }
  if (Object.keys(corrected).length > 0) response.correctedData = corrected;
  return response;
}

export function runCli(argv: readonly string[], cwd: string): { output?: string; text: string } {
  const { values, positionals } = parseArgs({
    args: [...argv],
    allowPositionals: true,
    options: {
      entry: { type: 'string', multiple: true },
      return: { type: 'string', multiple: true },
      noc: { type: 'string', multiple: true },
      out: { type: 'string' },
      date: { type: 'string' },
    },
  });
  if (positionals.length !== 1) throw new BankSimulatorError('Give one bank file the console wrote');
  const forward = readFileSync(resolve(cwd, positionals[0]!), 'utf8');
  const entries = [...(values.entry ?? []), ...(values.return ?? []), ...(values.noc ?? [])];
  const now = new Date().toISOString();
  const text = simulateBankResponse(forward, entries.map(parseEntryArgument), {
    creationDate: now.slice(0, 10),
    creationTime: now.slice(11, 13) + now.slice(14, 16),
    ...(values.date ? { effectiveEntryDate: values.date } : {}),
  });
  return { text, ...(values.out ? { output: resolve(cwd, values.out) } : {}) };
}

const invokedDirectly =
  process.argv[1] !== undefined && resolve(process.argv[1]) === resolve(import.meta.filename);
if (invokedDirectly) {
  try {
    // pnpm runs scripts in the package's folder; INIT_CWD is where the command was typed.
    const { output, text } = runCli(process.argv.slice(2), process.env.INIT_CWD ?? process.cwd());
    if (output) writeFileSync(output, text);
    else process.stdout.write(text);
  } catch (error) {
    if (!(error instanceof Error)) throw error;
    process.stderr.write(`bank-simulator: ${error.message}\n`);
    process.exitCode = 1;
  }
}
