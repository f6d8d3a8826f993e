// The compatibility gate: may this build of a section go live next to the live host and the other live
// sections? A pure function over their manifests (mf-manifest.json) and build-info.json, run by
// `pnpm release` before switching, and by `pnpm gate` in CI over every built remote. The page makes the
// same check at run time (host/src/remotes/compatibility.ts) with the same semver rules.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { satisfy } from '@module-federation/enhanced/runtime';

/** The module the host's section registry loads from every remote. */
export const REQUIRED_EXPOSE = './routes';

/**
 * @typedef {{ name: string, version?: string, requiredVersion?: string | false, singleton?: boolean }} SharedItem
 * @typedef {{ name?: string, shared?: SharedItem[], exposes?: { name?: string, path?: string }[],
 *   metaData?: { buildInfo?: { buildVersion?: string } } }} Manifest
 * @typedef {{ app?: string, buildId?: string, version?: string, minHostVersion?: string, builtAt?: string }} BuildInfo
 * @typedef {{ label: string, manifest: Manifest, info?: BuildInfo }} Build
 * @typedef {{ code: 'shared' | 'expose' | 'host-version', pkg?: string, message: string }} Problem
 */

const requiredOf = (item) =>
  typeof item.requiredVersion === 'string' && item.requiredVersion !== '*' ? item.requiredVersion : null;

/** Packages whose copies must never mix (tools/build/webpack/mf-shared.js shares them with strictVersion). */
const STRICT = /^shared-(ui|auth)(\/|$)/;

const byName = (manifest) => new Map((manifest.shared ?? []).map((item) => [item.name, item]));

/**
 * Every problem that keeps `candidate` from going live; none means compatible.
 * - each shared singleton the candidate needs must be met by the version the host provides (the page
 *   gives every section the host's copy);
 * - for the design and auth packages (shared-ui and its entries, shared-auth), which break when two
 *   copies meet, the other way round too: the candidate's copy must meet the host's and every other
 *   live section's requirement, so no page, however it resolves them, mixes incompatible builds;
 * - it must expose `./routes`;
 * - the host must be at least the version the candidate declares (package.json console.minHostVersion).
 * @param {{ candidate: Build, host: Build, others?: Build[] }} builds
 * @returns {Problem[]}
 */
export function checkCompatibility({ candidate, host, others = [] }) {
  /** @type {Problem[]} */
  const problems = [];
  const hostShared = byName(host.manifest);
  for (const item of candidate.manifest.shared ?? []) {
    const provided = hostShared.get(item.name);
    if (!provided || !item.singleton) continue;
    const needs = requiredOf(item);
    if (needs && provided.version && !satisfy(provided.version, needs)) {
      problems.push({
        code: 'shared',
        pkg: item.name,
        message: `${candidate.label} requires ${item.name} ${needs}, but ${host.label} provides ${item.name} ${provided.version}`,
      });
    }
    const hostNeeds = requiredOf(provided);
    if (STRICT.test(item.name) && hostNeeds && item.version && !satisfy(item.version, hostNeeds)) {
      problems.push({
        code: 'shared',
        pkg: item.name,
        message: `${host.label} requires ${item.name} ${hostNeeds}, but ${candidate.label} provides ${item.name} ${item.version}`,
      });
    }
  }
  for (const other of others) {
    const theirs = byName(other.manifest);
    for (const item of candidate.manifest.shared ?? []) {
      if (!STRICT.test(item.name)) continue;
      const needs = theirs.get(item.name);
      const range = needs && needs.singleton ? requiredOf(needs) : null;
      if (range && item.version && !satisfy(item.version, range)) {
        problems.push({
          code: 'shared',
          pkg: item.name,
          message: `${other.label} requires ${item.name} ${range}, but ${candidate.label} provides ${item.name} ${item.version}`,
        });
      }
    }
  }
  const exposes = candidate.manifest.exposes ?? [];
  if (!exposes.some((item) => item.path === REQUIRED_EXPOSE || `./${item.name}` === REQUIRED_EXPOSE)) {
    problems.push({
      code: 'expose',
      message: `${candidate.label} does not expose ${REQUIRED_EXPOSE}, which the host's section registry loads`,
    });
  }
  const minHost = candidate.info?.minHostVersion;
  const hostVersion = host.info?.version;
  if (minHost && (!hostVersion || !satisfy(hostVersion, `>=${minHost}`))) {
    problems.push({
      code: 'host-version',
      message: `${candidate.label} requires host version ${minHost} or later, but ${host.label} is version ${hostVersion ?? 'unknown'}`,
    });
  }
  // The same message twice (a package both ways) reads as one.
  return problems.filter(
    (problem, index) => problems.findIndex((p) => p.message === problem.message) === index,
  );
}

/** A build folder's manifest and build info, labelled for messages, e.g. "users 20261125-163012-9f3a". */
export function readBuild(dir, label) {
  const manifestPath = path.join(dir, 'mf-manifest.json');
  if (!existsSync(manifestPath)) throw new Error(`${dir} has no mf-manifest.json (not a build)`);
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
  const infoPath = path.join(dir, 'build-info.json');
  const info = existsSync(infoPath) ? JSON.parse(readFileSync(infoPath, 'utf8')) : undefined;
  const id = info?.buildId ?? manifest.metaData?.buildInfo?.buildVersion;
  const name = manifest.name ?? info?.app ?? path.basename(dir);
  return {
    label: label ?? `${name === 'host' ? 'the host' : name}${id ? ` (build ${id})` : ''}`,
    manifest,
    info,
  };
}

// `pnpm gate`: every built remote (remote-<name>/dist) against the host's build and the other remotes,
// as CI runs it; `pnpm gate <dir> [--host <dir>] [--other <dir>…]` checks one candidate.
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { REMOTE_SECTIONS, ROOT } = await import('./paths.mjs');
  const args = process.argv.slice(2);
  const option = (name) => {
    const values = [];
    for (let i = 0; i < args.length; i += 1) if (args[i] === name) values.push(args[i + 1]);
    return values;
  };
  const hostDir = option('--host')[0] ?? path.join(ROOT, 'host', 'dist');
  const positional = args.filter((arg, i) => !arg.startsWith('--') && !args[i - 1]?.startsWith('--'));
  const host = readBuild(hostDir);
  const candidates = positional.length
    ? positional.map((dir) => ({ dir, others: option('--other') }))
    : REMOTE_SECTIONS.map((name) => ({
        dir: path.join(ROOT, `remote-${name}`, 'dist'),
        others: REMOTE_SECTIONS.filter((o) => o !== name).map((o) => path.join(ROOT, `remote-${o}`, 'dist')),
      }));
  let failed = 0;
  for (const { dir, others } of candidates) {
    const candidate = readBuild(dir);
    const problems = checkCompatibility({
      candidate,
      host,
      others: others.filter((o) => existsSync(path.join(o, 'mf-manifest.json'))).map((o) => readBuild(o)),
    });
    if (problems.length === 0) console.info(`compatible: ${candidate.label} with ${host.label}`);
    for (const problem of problems) console.error(`INCOMPATIBLE: ${problem.message}`);
    if (problems.length) failed += 1;
  }
  process.exit(failed ? 1 : 0);
}
