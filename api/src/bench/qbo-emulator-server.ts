/**
 * The benchmark's QuickBooks: a QuickBooks Online emulator in its own process (so its memory is
 * not counted as the API's), with one realm per size asked (`--bills 2500,10000`). Prints one JSON
 * line `{baseUrl, redirectUri, realms: {<bills>: <realmId>}}` and serves until it is stopped.
 */
import { startQboEmulator } from 'qbo-emulator';

/** The redirect URI the benchmark's app registers (its import never follows the redirect). */
const REDIRECT_URI = 'http://127.0.0.1:9/companies/quickbooks/callback';

const index = process.argv.indexOf('--bills');
const sizes = (index >= 0 ? process.argv[index + 1]! : '10000').split(',').map(Number);
const emulator = await startQboEmulator({
  clientId: 'bench-client',
  clientSecret: 'bench-secret',
  redirectUris: [REDIRECT_URI],
});
const realms: Record<string, string> = {};
for (const bills of sizes) {
  realms[bills] = emulator.createRealm(`Bench ${bills}`, { bills });
  emulator.realm(realms[bills]!); // generated now, not during the measured import
}
process.stdout.write(`${JSON.stringify({ baseUrl: emulator.baseUrl, redirectUri: REDIRECT_URI, realms })}\n`);
process.on('SIGTERM', () => void emulator.close().then(() => process.exit(0)));
