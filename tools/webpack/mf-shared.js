// The Module Federation singletons, declared once for the host and every remote so they cannot drift
// (CONVENTIONS.md rule 5). 'react/' and 'react-dom/' (trailing slash) also share deep imports such as
// react/jsx-runtime and react-dom/client; without them each app bundles its own copy (STACK.md).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

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
];

/** Version range of `name` as installed for the app in `appDir` (workspace packages included). */
function installedVersion(appDir, name) {
  const require = createRequire(path.join(appDir, 'package.json'));
  const pkgPath = require.resolve(`${name}/package.json`);
  return JSON.parse(readFileSync(pkgPath, 'utf8')).version;
}

/** The `shared` option of ModuleFederationPlugin for the app in `appDir`. */
export function sharedSingletons(appDir) {
  const shared = {};
  for (const key of SINGLETONS) {
    const name = key.replace(/\/$/, '');
    const version = installedVersion(appDir, name);
    shared[key] = { singleton: true, requiredVersion: `^${version}`, version };
  }
  return shared;
}
