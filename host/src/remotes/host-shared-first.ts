import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

/** The host's federation name (host/webpack.config.js). */
const HOST = 'host';

/**
 * Makes every remote of the page use the host's provided copy of each shared module. Module
 * Federation's 'loaded-first' strategy keeps only what is already loaded: a shared-ui entry the host
 * has not used yet (shared-ui/dialog, say) would go to the highest version registered, which may be a
 * remote's build, and its Chakra contexts are not the host's provider's ("useContext returned
 * undefined" in every section). The host's loader checks beforehand that the host's versions meet
 * the remote's requirements (compatibility.ts), so the host's copy is always acceptable. Registered
 * as a global plugin so it also applies to the remotes' own federation instances.
 */
export function hostSharedFirst(): ModuleFederationRuntimePlugin {
  return {
    name: 'console-host-shared-first',
    resolveShare(args) {
      const versions = args.shareScopeMap[args.scope]?.[args.pkgName];
      if (!versions) return args;
      const own = Object.keys(versions).find((version) => versions[version]?.from === HOST);
      if (own === undefined || own === args.version) return args;
      const shared = versions[own];
      if (!shared) return args;
      args.resolver = () => ({ shared, useTreesShaking: false });
      return args;
    },
  };
}
