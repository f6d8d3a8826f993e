import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

/** A shared module's entry in the share scope (the runtime's object, as far as the host reads it). */
export interface SharedEntry {
  from?: string;
  loaded?: boolean;
  lib?: unknown;
}

/**
 * Makes every remote of the page use the host's provided copy of each shared module. Module
 * Federation's 'loaded-first' strategy keeps only what is already loaded: a shared-ui entry the host
 * has not used yet (shared-ui/dialog, say) would go to the highest version registered, which may be a
 * remote's build, and its Chakra contexts are not the host's provider's ("useContext returned
 * undefined" in every section). The host's loader checks beforehand that the host's versions meet
 * the remote's requirements (compatibility.ts), so the host's copy is always acceptable.
 *
 * `hostEntry` gives the host's own entry object for a package, remembered before any remote was
 * registered: the runtime rewrites an entry's `from` to the name of whichever app loads it first, so
 * the share scope alone cannot say which entries are the host's. Registered as a global plugin so it
 * also applies to the remotes' own federation instances.
 */
export function hostSharedFirst(
  hostEntry: (pkg: string) => SharedEntry | undefined,
): ModuleFederationRuntimePlugin {
  return {
    name: 'console-host-shared-first',
    resolveShare(args) {
      const own = hostEntry(args.pkgName);
      if (!own) return args;
      args.resolver = () => ({ shared: own as never, useTreesShaking: false });
      return args;
    },
  };
}
