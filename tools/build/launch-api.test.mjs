// launch-api.mjs: an API started as `pnpm start` starts it gets the demo's QuickBooks emulator, through
// the QB_* variables, exactly when its environment is the demo's; the emulator ends with the API.
import assert from 'node:assert/strict';
import { once } from 'node:events';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { launchApi } from './launch-api.mjs';

let dir;
let fakeApi;
before(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'launch-api-test-'));
  // Stands in for the API: prints the QuickBooks variables it was given, then waits to be stopped.
  fakeApi = path.join(dir, 'fake-api.mjs');
  writeFileSync(
    fakeApi,
    `const qb = Object.fromEntries(Object.entries(process.env).filter(([key]) => key.startsWith('QB_')));
process.stdout.write(JSON.stringify(qb) + '\\n');
process.on('SIGTERM', () => process.exit(0));
setInterval(() => {}, 1000);
`,
  );
});
after(() => rmSync(dir, { recursive: true, force: true }));

/** Starts the stand-in with `env` and answers it with the QB_* variables it saw. */
async function launched(env) {
  const lines = [];
  const child = await launchApi(fakeApi, {
    env,
    stdio: ['ignore', 'pipe', 'inherit'],
    log: (line) => lines.push(line),
  });
  const [chunk] = await once(child.stdout, 'data');
  return { child, qb: JSON.parse(String(chunk)), lines };
}

async function stop(child) {
  const exited = once(child, 'exit');
  child.kill('SIGTERM');
  await exited;
}

describe('launchApi', () => {
  it("points a demo API at an emulator of its own, on the API's callback page, and stops it with the API", async () => {
    const { child, qb, lines } = await launched({ PATH: process.env.PATH, HOST: '0.0.0.0', PORT: '4567' });
    try {
      assert.equal(qb.QB_REDIRECT_URI, 'http://127.0.0.1:4567/companies/quickbooks/callback');
      assert.equal(qb.QB_CLIENT_ID, 'demo-client');
      for (const name of ['QB_CLIENT_SECRET', 'QB_WEBHOOK_VERIFIER_TOKEN'])
        assert.ok(qb[name].length >= 16, name);
      const origin = new URL(qb.QB_TOKEN_URL).origin;
      for (const name of ['QB_AUTHORIZE_URL', 'QB_REVOKE_URL', 'QB_API_URL'])
        assert.equal(new URL(qb[name]).origin, origin, name);
      assert.match(lines.join('\n'), /QuickBooks: demo mode/);
      const consent = new URL(qb.QB_AUTHORIZE_URL);
      for (const [key, value] of Object.entries({
        client_id: qb.QB_CLIENT_ID,
        response_type: 'code',
        scope: 'com.intuit.quickbooks.accounting',
        redirect_uri: qb.QB_REDIRECT_URI,
        state: 'launch-test',
      }))
        consent.searchParams.set(key, value);
      assert.equal((await fetch(consent)).status, 200);
    } finally {
      await stop(child);
    }
    // Closed with the API: nothing answers there any more.
    await assert.rejects(fetch(qb.QB_TOKEN_URL, { method: 'POST' }));
  });

  it('keeps the credentials the API was given', async () => {
    const env = { PATH: process.env.PATH, QB_CLIENT_ID: 'e2e-client', QB_CLIENT_SECRET: 'e2e-client-secret' };
    const { child, qb } = await launched(env);
    try {
      assert.equal(qb.QB_CLIENT_ID, 'e2e-client');
      assert.equal(qb.QB_CLIENT_SECRET, 'e2e-client-secret');
      assert.equal(qb.QB_REDIRECT_URI, 'http://127.0.0.1:8080/companies/quickbooks/callback');
    } finally {
      await stop(child);
    }
  });

  it('starts no emulator for PostgreSQL or a QuickBooks of its own', async () => {
    for (const env of [
      { DATABASE_URL: 'postgres://localhost/console' },
      { QB_TOKEN_URL: 'https://oauth.platform.intuit.com/oauth2/v1/tokens/bearer' },
    ]) {
      const { child, qb, lines } = await launched({ PATH: process.env.PATH, ...env });
      try {
        assert.deepEqual(qb, 'QB_TOKEN_URL' in env ? { QB_TOKEN_URL: env.QB_TOKEN_URL } : {});
        assert.deepEqual(lines, []);
      } finally {
        await stop(child);
      }
    }
  });
});
