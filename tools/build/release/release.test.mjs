// Tests of `pnpm release` on fixture builds (no webpack): releasing a build made elsewhere (--from),
// the gate refusing, publishing to another origin, keeping N, rollback and the atomic switch.
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
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';

const RELEASE = path.join(path.dirname(fileURLToPath(import.meta.url)), 'release.mjs');
const SHARED = (uiVersion) => [
  { name: 'react', version: '19.3.1', requiredVersion: '^19.3.1', singleton: true },
  { name: 'shared-ui', version: uiVersion, requiredVersion: `^${uiVersion}`, singleton: true },
];

/** A build folder as webpack writes it: manifest, build info, entry and a source map. */
function fixture(dir, { name, buildId, builtAt, uiVersion = '0.1.0' }) {
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    path.join(dir, 'mf-manifest.json'),
    JSON.stringify({
      name,
      metaData: { buildInfo: { buildVersion: buildId } },
      shared: SHARED(uiVersion),
      exposes: name === 'host' ? [] : [{ name: 'routes', path: './routes' }],
    }),
  );
  writeFileSync(
    path.join(dir, 'build-info.json'),
    JSON.stringify({ app: name, buildId, version: '0.1.0', builtAt }),
  );
  writeFileSync(path.join(dir, 'remoteEntry.js'), `var ${name};`);
  writeFileSync(path.join(dir, 'remoteEntry.js.map'), '{"version":3}');
  return dir;
}

describe('pnpm release', () => {
  let root;
  let env;
  const run = (...args) => {
    try {
      return {
        code: 0,
        output: execFileSync(process.execPath, [RELEASE, ...args], { env, encoding: 'utf8', stdio: 'pipe' }),
      };
    } catch (error) {
      return { code: error.status, output: `${error.stdout}${error.stderr}` };
    }
  };
  const remotes = () => JSON.parse(readFileSync(path.join(root, 'releases', 'remotes.json'), 'utf8'));
  const build = (id, minute, uiVersion) =>
    fixture(path.join(root, 'builds', id), {
      name: 'users',
      buildId: id,
      builtAt: `2026-11-25T10:${String(minute).padStart(2, '0')}:00.000Z`,
      uiVersion,
    });

  before(() => {
    root = mkdtempSync(path.join(tmpdir(), 'release-test-'));
    fixture(path.join(root, 'host', 'dist'), {
      name: 'host',
      buildId: 'host-1',
      builtAt: '2026-11-25T09:00:00.000Z',
    });
    env = { ...process.env, STATIC_ROOT: root, RELEASES_DIR: '', REMOTES_FILE: '', REMOTE_ORIGINS_FILE: '' };
    for (const key of ['RELEASES_DIR', 'REMOTES_FILE', 'REMOTE_ORIGINS_FILE']) delete env[key];
  });
  after(() => rmSync(root, { recursive: true, force: true }));

  it('releases a build into releases/<section>/<id>/ and switches only that line of the remotes file', () => {
    const result = run('users', '--from', build('u-1', 1));
    assert.equal(result.code, 0, result.output);
    assert.ok(existsSync(path.join(root, 'releases', 'users', 'u-1', 'remoteEntry.js')));
    // Source maps are kept beside the release (the server never sends them).
    assert.ok(existsSync(path.join(root, 'releases', 'users', 'u-1', 'remoteEntry.js.map')));
    assert.deepEqual(remotes(), {
      companies: '/remotes/companies/mf-manifest.json',
      users: '/releases/users/u-1/mf-manifest.json',
      managers: '/remotes/managers/mf-manifest.json',
      approvals: '/remotes/approvals/mf-manifest.json',
    });
    // No temporary file or staging folder is left behind.
    assert.deepEqual(readdirSync(path.join(root, 'releases')).sort(), ['remotes.json', 'users']);
    assert.deepEqual(readdirSync(path.join(root, 'releases', 'users')), ['u-1']);
  });

  it('refuses a build the gate rejects and leaves the live release alone', () => {
    const result = run('users', '--from', build('u-bad', 2, '0.2.0'));
    assert.notEqual(result.code, 0);
    assert.match(
      result.output,
      /users \(build u-bad\) requires shared-ui \^0\.2\.0, but the host \(build host-1\) provides shared-ui 0\.1\.0/,
    );
    assert.equal(remotes().users, '/releases/users/u-1/mf-manifest.json');
    assert.deepEqual(readdirSync(path.join(root, 'releases', 'users')), ['u-1']);
  });

  it('publishes to another origin: same layout, no source maps, the origin added for the CSP', () => {
    const cdn = path.join(root, 'cdn');
    const result = run(
      'users',
      '--from',
      build('u-2', 3),
      '--publish',
      cdn,
      '--origin',
      'https://cdn.example.com/',
    );
    assert.equal(result.code, 0, result.output);
    assert.equal(remotes().users, 'https://cdn.example.com/releases/users/u-2/mf-manifest.json');
    assert.ok(existsSync(path.join(cdn, 'releases', 'users', 'u-2', 'remoteEntry.js')));
    assert.ok(!existsSync(path.join(cdn, 'releases', 'users', 'u-2', 'remoteEntry.js.map')));
    assert.equal(
      readFileSync(path.join(root, 'releases', 'remote-origins.txt'), 'utf8'),
      'https://cdn.example.com\n',
    );
  });

  it('rolls back to the release before the live one, or to a named one, and refuses an unknown id', () => {
    assert.equal(run('--rollback', 'users').code, 0);
    assert.equal(remotes().users, '/releases/users/u-1/mf-manifest.json');
    assert.equal(run('--rollback', 'users', 'u-2').code, 0);
    assert.equal(remotes().users, 'https://cdn.example.com/releases/users/u-2/mf-manifest.json');
    const unknown = run('--rollback', 'users', 'nope');
    assert.equal(unknown.code, 1);
    assert.match(unknown.output, /No kept release nope of users/);
    assert.match(
      run('--list').output,
      /live u-2 {2}2026-11-25 10:03:00 UTC {2}shared-ui 0\.1\.0, react 19\.3\.1/,
    );
  });

  it('keeps the live release and the N newest others', () => {
    for (const [id, minute] of [
      ['u-3', 4],
      ['u-4', 5],
      ['u-5', 6],
    ]) {
      assert.equal(run('users', '--from', build(id, minute), '--keep', '2').code, 0);
    }
    assert.deepEqual(readdirSync(path.join(root, 'releases', 'users')).sort(), ['u-3', 'u-4', 'u-5']);
    assert.equal(remotes().users, '/releases/users/u-5/mf-manifest.json');
    assert.match(run('users', '--from', build('u-5', 6)).output, /already exists/);
  });
});
