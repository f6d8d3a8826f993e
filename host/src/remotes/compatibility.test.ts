import { describe, expect, it } from 'vitest';
import { buildIdOf, exposesModule, sharedMismatches, type RemoteManifest } from './compatibility';
import { hostSharedFirst } from './host-shared-first';

const PROVIDED = { react: '19.3.1', 'react/': '19.3.1', 'shared-ui': '0.1.0', 'shared-ui/dialog': '0.1.0' };
const manifest = (shared: RemoteManifest['shared']): RemoteManifest => ({
  metaData: { buildInfo: { buildVersion: '20261125-163012-9f3a' } },
  shared,
  exposes: [{ name: 'routes', path: './routes' }],
});

describe("a remote's shared requirements against what the page provides", () => {
  it('accepts a remote built against the same versions', () => {
    const remote = manifest([
      { name: 'react', version: '19.3.1', requiredVersion: '^19.3.1', singleton: true },
      { name: 'react/jsx-runtime', version: '19.3.1', requiredVersion: '^19.3.1' },
      { name: 'shared-ui/dialog', version: '0.1.0', requiredVersion: '^0.1.0', singleton: true },
    ]);
    expect(sharedMismatches(remote, PROVIDED)).toEqual([]);
  });

  it('names each package the page does not provide in a version the remote accepts', () => {
    const remote = manifest([
      { name: 'shared-ui', version: '0.2.0', requiredVersion: '^0.2.0', singleton: true },
      { name: 'shared-ui/dialog', version: '0.2.0', requiredVersion: '^0.2.0', singleton: true },
      { name: 'react/jsx-runtime', version: '20.0.0', requiredVersion: '^20.0.0' },
      // Not provided by the page: the remote's own business.
      { name: 'date-fns', version: '4.4.0', requiredVersion: '^4.4.0', singleton: true },
    ]);
    expect(sharedMismatches(remote, PROVIDED)).toEqual([
      { pkg: 'shared-ui', required: '^0.2.0', provided: '0.1.0' },
      { pkg: 'shared-ui/dialog', required: '^0.2.0', provided: '0.1.0' },
      { pkg: 'react/jsx-runtime', required: '^20.0.0', provided: '19.3.1' },
    ]);
  });

  it('checks the ./routes expose and reads the build id', () => {
    expect(exposesModule(manifest([]), './routes')).toBe(true);
    expect(exposesModule({ exposes: [{ name: 'pages', path: './pages' }] }, './routes')).toBe(false);
    expect(buildIdOf(manifest([]), '/remotes/users/mf-manifest.json')).toBe('20261125-163012-9f3a');
    expect(buildIdOf(null, '/releases/users/abc/mf-manifest.json?retry=1')).toBe('abc');
    expect(buildIdOf(null, '/remotes/users/mf-manifest.json')).toBeUndefined();
  });
});

describe('hostSharedFirst', () => {
  it("hands a remote the host's copy even when a remote registered a higher version nobody loaded yet", () => {
    const hostCopy = { from: 'companies', version: '0.1.0' };
    const remoteCopy = { from: 'users', version: '0.1.1' };
    const args = {
      shareScopeMap: { default: { 'shared-ui/dialog': { '0.1.0': hostCopy, '0.1.1': remoteCopy } } },
      scope: 'default',
      pkgName: 'shared-ui/dialog',
      version: '0.1.1',
      resolver: () => ({ shared: remoteCopy, useTreesShaking: false }),
    };
    // The host's entry as remembered, whatever app the runtime now names as its owner.
    const plugin = hostSharedFirst((pkg) =>
      pkg === 'shared-ui/dialog' ? hostCopy : undefined,
    ) as unknown as {
      resolveShare: (a: typeof args) => typeof args;
    };
    expect(plugin.resolveShare(args).resolver()).toEqual({ shared: hostCopy, useTreesShaking: false });
  });

  it('leaves packages the host does not provide to the default choice', () => {
    const remoteCopy = { from: 'users', version: '1.0.0' };
    const resolver = () => ({ shared: remoteCopy, useTreesShaking: false });
    const args = {
      shareScopeMap: { default: { 'only-remote': { '1.0.0': remoteCopy } } },
      scope: 'default',
      pkgName: 'only-remote',
      version: '1.0.0',
      resolver,
    };
    const plugin = hostSharedFirst(() => undefined) as unknown as {
      resolveShare: (a: typeof args) => typeof args;
    };
    expect(plugin.resolveShare(args).resolver).toBe(resolver);
  });
});
