// `pnpm release <section>` without --from builds the section: the tool runs
// `pnpm --filter remote-<section> build` with a new BUILD_ID into its staging folder (BUILD_OUT_DIR)
// and releases what that build wrote. The pnpm it runs is a stand-in here: release.mjs runs the pnpm
// that runs it (npm_execpath, as pnpm sets it for scripts), so the test points npm_execpath at a
// script that records its call and writes a small build where webpack would. The browser journey
// with a real webpack build is the full run's (e2e/tests/deploy.spec.ts with TEST_FULL=1).
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, beforeEach, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const RELEASE = path.join(HERE, 'release.mjs');
const ROOT = path.resolve(HERE, '..', '..', '..');
const SHARED = [
  { name: 'react', version: '19.3.1', requiredVersion: '^19.3.1', singleton: true },
  { name: 'shared-ui', version: '0.1.0', requiredVersion: '^0.1.0', singleton: true },
];

// The stand-in pnpm: appends its arguments, working folder and build variables to FAKE_PNPM_LOG,
// writes a build of the filtered app into BUILD_OUT_DIR (named by BUILD_ID, as webpack's would be),
// and exits with FAKE_PNPM_EXIT (0 unless set).
const STAND_IN = `
import { appendFileSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
const args = process.argv.slice(2);
const { BUILD_ID, BUILD_OUT_DIR, FAKE_PNPM_LOG, FAKE_PNPM_EXIT } = process.env;
appendFileSync(FAKE_PNPM_LOG, JSON.stringify({ args, cwd: process.cwd(), BUILD_ID, BUILD_OUT_DIR }) + '\\n');
if (FAKE_PNPM_EXIT && FAKE_PNPM_EXIT !== '0') process.exit(Number(FAKE_PNPM_EXIT));
const app = args[args.indexOf('--filter') + 1];
const name = app.replace(/^remote-/, '');
mkdirSync(BUILD_OUT_DIR, { recursive: true });
writeFileSync(path.join(BUILD_OUT_DIR, 'mf-manifest.json'), JSON.stringify({
  name,
  metaData: { buildInfo: { buildVersion: BUILD_ID } },
  shared: ${JSON.stringify(SHARED)},
  exposes: [{ name: 'routes', path: './routes' }],
}));
writeFileSync(path.join(BUILD_OUT_DIR, 'build-info.json'),
  JSON.stringify({ app: name, buildId: BUILD_ID, version: '0.1.0', builtAt: new Date().toISOString() }));
writeFileSync(path.join(BUILD_OUT_DIR, 'remoteEntry.js'), 'var ' + name + ';');
`;

describe('pnpm release <section> without --from', () => {
  let root;
  let log;
  let env;
  const calls = () =>
    existsSync(log)
      ? readFileSync(log, 'utf8')
          .trim()
          .split('\n')
          .filter(Boolean)
          .map((line) => JSON.parse(line))
      : [];
  const run = (args, extraEnv = {}) => {
    try {
      return {
        code: 0,
        output: execFileSync(process.execPath, [RELEASE, ...args], {
          env: { ...env, ...extraEnv },
          encoding: 'utf8',
          stdio: 'pipe',
        }),
      };
    } catch (error) {
      return { code: error.status, output: `${error.stdout}${error.stderr}` };
    }
  };
  const remotes = () => JSON.parse(readFileSync(path.join(root, 'releases', 'remotes.json'), 'utf8'));

  before(() => {
    root = mkdtempSync(path.join(tmpdir(), 'release-build-test-'));
    const hostDir = path.join(root, 'host', 'dist');
    mkdirSync(hostDir, { recursive: true });
    writeFileSync(
      path.join(hostDir, 'mf-manifest.json'),
      JSON.stringify({
        name: 'host',
        metaData: { buildInfo: { buildVersion: 'host-1' } },
        shared: SHARED,
        exposes: [],
      }),
    );
    writeFileSync(
      path.join(hostDir, 'build-info.json'),
      JSON.stringify({
        app: 'host',
        buildId: 'host-1',
        version: '0.1.0',
        builtAt: '2026-11-25T09:00:00.000Z',
      }),
    );
    // Its name says pnpm, as the path of the real one does (that is how release.mjs tells it is run by pnpm).
    const standIn = path.join(root, 'pnpm-stand-in.mjs');
    writeFileSync(standIn, STAND_IN);
    log = path.join(root, 'pnpm-calls.jsonl');
    env = { ...process.env, STATIC_ROOT: root, npm_execpath: standIn, FAKE_PNPM_LOG: log };
    for (const key of [
      'RELEASES_DIR',
      'REMOTES_FILE',
      'REMOTE_ORIGINS_FILE',
      'FAKE_PNPM_EXIT',
      'BUILD_ID',
      'BUILD_OUT_DIR',
    ])
      delete env[key];
  });
  beforeEach(() => rmSync(log, { force: true }));
  after(() => rmSync(root, { recursive: true, force: true }));

  it("runs the section's build with a new build id into its staging folder and releases that build", () => {
    const result = run(['users']);
    assert.equal(result.code, 0, result.output);
    const [call, ...more] = calls();
    assert.ok(call, `no build was run:\n${result.output}`);
    assert.deepEqual(more, [], 'one build');
    assert.deepEqual(call.args, ['--filter', 'remote-users', 'build']);
    assert.equal(call.cwd, ROOT);
    // A new id in the format of every build (UTC time and a random suffix), which names the release.
    assert.match(call.BUILD_ID, /^\d{8}-\d{6}-[0-9a-f]{4}$/);
    assert.match(result.output, new RegExp(`^Building users as ${call.BUILD_ID}`, 'm'));
    // Built straight into the section's staging folder, which became the release's folder.
    assert.equal(path.dirname(call.BUILD_OUT_DIR), path.join(root, 'releases', 'users'));
    assert.match(path.basename(call.BUILD_OUT_DIR), /^\.staging-\d+$/);
    assert.deepEqual(readdirSync(path.join(root, 'releases', 'users')), [call.BUILD_ID]);
    const info = JSON.parse(
      readFileSync(path.join(root, 'releases', 'users', call.BUILD_ID, 'build-info.json'), 'utf8'),
    );
    assert.equal(info.buildId, call.BUILD_ID);
    assert.equal(remotes().users, `/releases/users/${call.BUILD_ID}/mf-manifest.json`);
    assert.match(result.output, new RegExp(`^users ${call.BUILD_ID} is live`, 'm'));
  });

  it('a failed build releases nothing and leaves the live release as it was', () => {
    const live = remotes().users;
    const result = run(['managers'], { FAKE_PNPM_EXIT: '1' });
    assert.notEqual(result.code, 0);
    assert.deepEqual(
      calls().map((call) => call.args),
      [['--filter', 'remote-managers', 'build']],
    );
    assert.equal(remotes().users, live);
    assert.equal(remotes().managers, '/remotes/managers/mf-manifest.json');
    // No release and no staging folder left behind.
    assert.deepEqual(readdirSync(path.join(root, 'releases', 'managers')), []);
  });

  it('with --from it releases that folder and builds nothing', () => {
    const build = path.join(root, 'made-elsewhere');
    mkdirSync(build, { recursive: true });
    writeFileSync(
      path.join(build, 'mf-manifest.json'),
      JSON.stringify({
        name: 'companies',
        metaData: { buildInfo: { buildVersion: 'c-1' } },
        shared: SHARED,
        exposes: [{ name: 'routes', path: './routes' }],
      }),
    );
    const result = run(['companies', '--from', build]);
    assert.equal(result.code, 0, result.output);
    assert.deepEqual(calls(), []);
    assert.equal(remotes().companies, '/releases/companies/c-1/mf-manifest.json');
  });
});
