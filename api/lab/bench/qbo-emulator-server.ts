/**
 * The benchmark's QuickBooks: a QuickBooks Online emulator in its own process (so its memory is
 * not counted as the API's), with Intuit's throttles and one realm per size asked (`--bills
 * 2500,10000`), plus one of 100 bills for a burst of reads (`--burst`). Prints one JSON line
 * `{baseUrl, redirectUri, realms: {<bills>: <realmId>}, burstRealm?}`, then answers each line
 * `traffic <realmId>` on stdin with one JSON line of that realm's traffic (requests, throttled,
 * peakPerSecond, peakConcurrent), and serves until it is stopped.
 */
import { createInterface } from 'node:readline';
import { startQboEmulator } from 'qbo-emulator';

/** The redirect URI the benchmark's app registers (its import never follows the redirect). */
const REDIRECT_URI = 'http://127.0.0.1:9/companies/quickbooks/callback';

const index = process.argv.indexOf('--bills');
const sizes = (index >= 0 ? process.argv[index + 1]! : '10000').split(',').map(Number);
// `--skip N`: N realms are made (empty) first, so the realms asked for get ids an earlier run's
// emulator did not give: a second import into the same database is of another QuickBooks company,
// not the first one's bills again (which it would find already imported).
const skipIndex = process.argv.indexOf('--skip');
const skip = skipIndex >= 0 ? Number(process.argv[skipIndex + 1]) : 0;
const emulator = await startQboEmulator({
  clientId: 'bench-client',
  clientSecret: 'bench-secret',
  redirectUris: [REDIRECT_URI],
});
for (let made = 0; made < skip; made += 1) emulator.createRealm(`Bench skipped ${made + 1}`, { bills: 0 });
const realms: Record<string, string> = {};
for (const bills of sizes) {
  realms[bills] = emulator.createRealm(`Bench ${bills}`, { bills });
  emulator.realm(realms[bills]!); // generated now, not during the measured import
}
const burstRealm = process.argv.includes('--burst')
  ? emulator.createRealm('Bench burst', { bills: 100 })
  : undefined;
process.stdout.write(
  `${JSON.stringify({ baseUrl: emulator.baseUrl, redirectUri: REDIRECT_URI, realms, burstRealm })}\n`,
);
createInterface({ input: process.stdin }).on('line', (line) => {
  const realmId = /^traffic (\d{1,32})$/.exec(line.trim())?.[1];
  if (!realmId) return;
  const { requests, throttled, peakPerSecond, peakConcurrent } = emulator.traffic(realmId);
  process.stdout.write(`${JSON.stringify({ requests, throttled, peakPerSecond, peakConcurrent })}\n`);
});
process.on('SIGTERM', () => void emulator.close().then(() => process.exit(0)));
