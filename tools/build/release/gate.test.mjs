// Unit tests of the compatibility gate (node --test; part of `pnpm test:unit`).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { checkCompatibility } from './gate.mjs';

const shared = (name, version, extra = {}) => ({
  name,
  version,
  requiredVersion: `^${version}`,
  singleton: true,
  ...extra,
});
const BASE = [
  shared('react', '19.3.1'),
  shared('shared-ui', '0.1.0'),
  shared('shared-ui/dialog', '0.1.0'),
  shared('shared-auth', '0.1.0'),
];
const build = (label, sharedItems, extra = {}) => ({
  label,
  manifest: {
    name: label,
    shared: sharedItems,
    exposes: label === 'host' ? [] : [{ name: 'routes', path: './routes' }],
    ...extra.manifest,
  },
  info: { version: '0.1.0', ...extra.info },
});
const host = build('host', BASE);

describe('the compatibility gate', () => {
  it('accepts a section built against the same shared versions', () => {
    const candidate = build('users', BASE);
    assert.deepEqual(checkCompatibility({ candidate, host, others: [build('companies', BASE)] }), []);
  });

  it('accepts a section built against an older compatible version than the host provides', () => {
    const newerHost = build('host', [shared('react', '19.3.2'), ...BASE.slice(1)]);
    assert.deepEqual(checkCompatibility({ candidate: build('users', BASE), host: newerHost }), []);
    // Built against a newer patch than the host has: it may use what the host's copy lacks.
    const ahead = build('users', [shared('react', '19.3.2'), ...BASE.slice(1)]);
    assert.deepEqual(
      checkCompatibility({ candidate: ahead, host }).map((p) => p.message),
      ['users requires react ^19.3.2, but host provides react 19.3.1'],
    );
  });

  it('refuses a section whose shared-ui singleton the host does not satisfy, naming package, versions and who', () => {
    const skewed = BASE.map((item) =>
      item.name.startsWith('shared-ui') ? shared(item.name, '0.2.0') : item,
    );
    const problems = checkCompatibility({
      candidate: build('users', skewed),
      host,
      others: [build('companies', BASE)],
    });
    const messages = problems.map((p) => p.message);
    assert.ok(
      messages.includes('users requires shared-ui ^0.2.0, but host provides shared-ui 0.1.0'),
      messages.join('\n'),
    );
    assert.ok(messages.includes('host requires shared-ui ^0.1.0, but users provides shared-ui 0.2.0'));
    assert.ok(
      messages.includes(
        'companies requires shared-ui/dialog ^0.1.0, but users provides shared-ui/dialog 0.2.0',
      ),
    );
    assert.ok(problems.every((p) => p.code === 'shared' && p.pkg?.startsWith('shared-ui')));
  });

  it('refuses a section that does not expose ./routes', () => {
    const candidate = build('users', BASE, { manifest: { exposes: [{ name: 'pages', path: './pages' }] } });
    assert.deepEqual(checkCompatibility({ candidate, host }), [
      { code: 'expose', message: "users does not expose ./routes, which the host's section registry loads" },
    ]);
  });

  it('refuses a section that needs a newer host than the live one', () => {
    const candidate = build('users', BASE, { info: { minHostVersion: '0.2.0' } });
    assert.deepEqual(checkCompatibility({ candidate, host }), [
      {
        code: 'host-version',
        message: 'users requires host version 0.2.0 or later, but host is version 0.1.0',
      },
    ]);
    const newerHost = build('host', BASE, { info: { version: '0.2.1' } });
    assert.deepEqual(checkCompatibility({ candidate, host: newerHost }), []);
  });

  it('ignores packages the host does not share and non-singletons', () => {
    const candidate = build('users', [
      ...BASE,
      shared('date-fns', '9.0.0'),
      shared('react-dom/client', '20.0.0', { singleton: false }),
    ]);
    assert.deepEqual(checkCompatibility({ candidate, host }), []);
  });
});
