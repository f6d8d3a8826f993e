// The Module Federation singletons, declared once for the host and every remote so they cannot drift:
// two copies of React, the router or the design system in one page break hooks and contexts.
// 'react/' and 'react-dom/' (trailing slash) also share deep imports such as react/jsx-runtime and
// react-dom/client; without them each app bundles its own copy.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const SINGLETONS = [
  'react',
  'react/',
  'react-dom',
  'react-dom/',
  'react-router',
  'react-router-dom',
  'jotai',
  'swr',
  'shared-auth',
  'shared-ui',
  // shared-ui's subpath entries (shared-ui/package.json "exports"), each its own singleton so a page
  // loads only the entries it uses: the sign-in page needs only the core.
  'shared-ui/table',
  'shared-ui/dialog',
  'shared-ui/form',
  'shared-ui/format',
  'shared-ui/display',
  'shared-ui/record',
  'shared-ui/standalone',
  // Not 'shared-ui/keyboard', 'shared-ui/commands', 'shared-ui/viewport' nor 'shared-ui/charts' (loaded
  // on demand): they hold no React context (what they share
  // between the host and a remote lives on the window), so each app may bundle its own copy (1–2 KB
  // gzip), while every singleton costs the sign-in page its line in the share table.
];

/**
 * Every shared-ui entry is provided from its file (an absolute `import`), so each build provides all of
 * them, used or not: the entries share Chakra's and shared-ui's internal modules (contexts included),
 * so all the entries a page uses must come from one build. `shareStrategy: 'loaded-first'`
 * (create-config.js) keeps only the entries already loaded; an entry nobody has loaded yet would go
 * to the highest version registered, a remote's. The host's loader therefore makes every remote use
 * the host's providers (host/src/remotes/host-shared-first.ts) and refuses, before any of its code
 * runs, a remote whose requirements the host's versions do not meet; `pnpm release`'s gate refuses it
 * earlier (tools/build/release/gate.mjs).
 */
const PROVIDED_FROM_FILE = /^shared-ui(\/|$)/;

/**
 * The design and auth packages hold React contexts and session state: a second copy never works, so
 * a version that does not satisfy the requirement is an error (strictVersion), not a warning followed
 * by a fallback copy.
 */
const STRICT = /^shared-(ui|auth)(\/|$)/;

/**
 * Shared modules whose provided module is a facade listing the exports the console uses, so that the
 * rest of the package is tree-shaken away (tools/build/webpack/shared/*.js).
 */
const FACADES = {
  'react-router': fileURLToPath(new URL('./shared/react-router.js', import.meta.url)),
  'react-router-dom': fileURLToPath(new URL('./shared/react-router-dom.js', import.meta.url)),
};

/** Version of package `name` as installed for the app in `appDir` (workspace packages included). */
function installedVersion(appDir, name) {
  const require = createRequire(path.join(appDir, 'package.json'));
  const pkgPath = require.resolve(`${name}/package.json`);
  return JSON.parse(readFileSync(pkgPath, 'utf8')).version;
}

/** 'shared-ui/table' → 'shared-ui'; 'react/' → 'react'. */
const packageOf = (key) => key.split('/')[0];

/** The `shared` option of ModuleFederationPlugin for the app in `appDir`. */
export function sharedSingletons(appDir) {
  const require = createRequire(path.join(appDir, 'package.json'));
  const shared = {};
  for (const key of SINGLETONS) {
    const version = installedVersion(appDir, packageOf(key));
    shared[key] = { singleton: true, requiredVersion: `^${version}`, version };
    if (STRICT.test(key)) shared[key].strictVersion = true;
    if (FACADES[key]) shared[key].import = FACADES[key];
    else if (PROVIDED_FROM_FILE.test(key)) shared[key].import = require.resolve(key);
  }
  return shared;
}
