// `pnpm release`: versioned releases of one section, an atomic switch and one-command rollback.
//
//   pnpm release <section> [--keep N] [--from DIR] [--publish DIR --origin URL]
//   pnpm release --rollback <section> [build id]
//   pnpm release --list
//
// A release is an immutable folder, releases/<section>/<build id>/, holding the remote's manifest,
// remoteEntry.js, hashed chunks, standalone page and source maps (kept for decoding error reports; the
// server never sends them). It goes live only after the compatibility gate (gate.mjs) accepted it
// against the live host and the other live sections, by replacing the section's line in the remotes
// file with a write-and-rename, so the server never reads half a file. The previous releases (5 by
// default) stay served: open tabs keep loading their chunks, and a rollback is one switch.
import {
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { runPnpm } from '../run.mjs';
import { newBuildId } from '../webpack/build-id.js';
import { checkCompatibility, readBuild } from './gate.mjs';
import { defaultRemotes, releasePaths, REMOTE_SECTIONS } from './paths.mjs';

const SHOWN_SHARED = ['shared-ui', 'shared-auth', 'react', 'react-router'];

/** The remotes file as the server answers it: the file, or each section from its own build. */
export function readRemotes(remotesFile) {
  return existsSync(remotesFile) ? JSON.parse(readFileSync(remotesFile, 'utf8')) : defaultRemotes();
}

/** Replaces one section's line: written beside the file, then renamed over it (atomic on one disk). */
export function switchSection(remotesFile, section, entry) {
  const remotes = { ...readRemotes(remotesFile), [section]: entry };
  mkdirSync(path.dirname(remotesFile), { recursive: true });
  const temporary = `${remotesFile}.${process.pid}.tmp`;
  writeFileSync(temporary, `${JSON.stringify(remotes, null, 2)}\n`);
  renameSync(temporary, remotesFile);
  return remotes;
}

/** The kept releases of a section, newest first: id, folder, build info and the entry it goes live as. */
export function listReleases(releasesDir, section) {
  const dir = path.join(releasesDir, section);
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !entry.name.startsWith('.'))
    .map((entry) => {
      const folder = path.join(dir, entry.name);
      const build = readBuild(folder, `${section} ${entry.name}`);
      const meta = existsSync(path.join(folder, 'release.json'))
        ? JSON.parse(readFileSync(path.join(folder, 'release.json'), 'utf8'))
        : {};
      return {
        id: entry.name,
        folder,
        build,
        entry: meta.entry ?? `/releases/${section}/${entry.name}/mf-manifest.json`,
        builtAt: build.info?.builtAt ?? '',
      };
    })
    .sort((a, b) => (a.builtAt < b.builtAt ? 1 : a.builtAt > b.builtAt ? -1 : a.id < b.id ? 1 : -1));
}

/** The folder of the build a remotes-file entry points at, when it is on this machine. */
function localBuildOf(paths, section, entry) {
  if (entry === `/remotes/${section}/mf-manifest.json`)
    return path.join(paths.staticRoot, `remote-${section}`, 'dist');
  const release = /\/releases\/([a-z]+)\/([^/?#]+)\/mf-manifest\.json/.exec(entry);
  if (release && release[1] === section) {
    const folder = path.join(paths.releasesDir, section, release[2]);
    if (existsSync(folder)) return folder;
  }
  return listReleases(paths.releasesDir, section).find((r) => r.entry === entry)?.folder;
}

/** The gate against the live host build and the other sections' live releases. */
function gate(paths, section, candidate) {
  const hostDir = path.join(paths.staticRoot, 'host', 'dist');
  if (!existsSync(path.join(hostDir, 'mf-manifest.json'))) {
    throw new Error('No host build to check against: build it first (pnpm --filter host build)');
  }
  const host = readBuild(hostDir);
  const remotes = readRemotes(paths.remotesFile);
  const others = [];
  for (const other of REMOTE_SECTIONS.filter((name) => name !== section)) {
    const folder = remotes[other] && localBuildOf(paths, other, remotes[other]);
    if (folder && existsSync(path.join(folder, 'mf-manifest.json'))) others.push(readBuild(folder));
    else
      console.warn(
        `note: the live ${other} build (${remotes[other] ?? 'none'}) is not on this machine; not checked`,
      );
  }
  return checkCompatibility({ candidate, host, others });
}

/** Keeps the live release and the `keep` newest others; removes the rest. */
function prune(paths, section, liveEntry, keep) {
  const releases = listReleases(paths.releasesDir, section);
  const others = releases.filter((release) => release.entry !== liveEntry);
  for (const release of others.slice(keep)) {
    rmSync(release.folder, { recursive: true, force: true });
    console.info(`removed the old release ${release.id}`);
  }
}

function sharedSummary(build) {
  const shared = new Map((build.manifest.shared ?? []).map((item) => [item.name, item.version]));
  return SHOWN_SHARED.filter((name) => shared.has(name))
    .map((name) => `${name} ${shared.get(name)}`)
    .join(', ');
}

async function release(section, options) {
  const started = Date.now();
  const paths = releasePaths();
  const sectionDir = path.join(paths.releasesDir, section);
  mkdirSync(sectionDir, { recursive: true });
  const staging = path.join(sectionDir, `.staging-${process.pid}`);
  rmSync(staging, { recursive: true, force: true });
  try {
    if (options.from) {
      cpSync(path.resolve(options.from), staging, { recursive: true });
    } else {
      const id = newBuildId();
      console.info(`Building ${section} as ${id}…`);
      await runPnpm(['--filter', `remote-${section}`, 'build'], {
        env: { ...process.env, BUILD_ID: id, BUILD_OUT_DIR: staging },
      });
    }
    const candidate = readBuild(staging);
    const id = candidate.info?.buildId ?? candidate.manifest.metaData?.buildInfo?.buildVersion;
    if (!id || !/^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/.test(id))
      throw new Error(`The build has no usable build id (${id})`);
    if (candidate.manifest.name !== section) {
      throw new Error(`That build is of "${candidate.manifest.name}", not of ${section}`);
    }
    candidate.label = `${section} (build ${id})`;
    const problems = gate(paths, section, candidate);
    if (problems.length) {
      console.error(`Release of ${section} ${id} refused by the compatibility gate:`);
      for (const problem of problems) console.error(`  - ${problem.message}`);
      return 1;
    }
    const folder = path.join(sectionDir, id);
    if (existsSync(folder))
      throw new Error(`Release ${id} of ${section} already exists (releases are immutable)`);
    let entry = `/releases/${section}/${id}/mf-manifest.json`;
    if (options.publish) {
      // Another origin (a CDN folder) with the same layout; source maps stay here.
      if (!options.origin) throw new Error('--publish needs --origin, the address that folder is served at');
      const origin = new URL(options.origin).origin;
      const target = path.join(path.resolve(options.publish), 'releases', section, id);
      cpSync(staging, target, { recursive: true, filter: (file) => !file.endsWith('.map') });
      entry = `${origin}/releases/${section}/${id}/mf-manifest.json`;
      addOrigin(paths.originsFile, origin);
    }
    writeFileSync(path.join(staging, 'release.json'), `${JSON.stringify({ section, id, entry }, null, 2)}\n`);
    renameSync(staging, folder);
    switchSection(paths.remotesFile, section, entry);
    prune(paths, section, entry, options.keep);
    console.info(`${section} ${id} is live (${entry}) after ${((Date.now() - started) / 1000).toFixed(0)} s`);
    return 0;
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

/** Adds an origin to the file the server reads its extra remote origins from (no restart needed). */
function addOrigin(file, origin) {
  const text = existsSync(file) ? readFileSync(file, 'utf8') : '';
  if (text.split('\n').some((line) => line.trim() === origin)) return;
  mkdirSync(path.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, `${text}${text && !text.endsWith('\n') ? '\n' : ''}${origin}\n`);
  renameSync(temporary, file);
}

function rollback(section, id, force) {
  const paths = releasePaths();
  const releases = listReleases(paths.releasesDir, section);
  const live = readRemotes(paths.remotesFile)[section];
  const liveIndex = releases.findIndex((r) => r.entry === live);
  const target = id ? releases.find((r) => r.id === id) : releases[liveIndex + 1];
  if (!target) {
    console.error(
      id
        ? `No kept release ${id} of ${section} (pnpm release --list shows them)`
        : `No release of ${section} older than the live one to roll back to`,
    );
    return 1;
  }
  const problems = gate(paths, section, target.build);
  if (problems.length && !force) {
    console.error(
      `Rollback of ${section} to ${target.id} refused by the compatibility gate (--force to override):`,
    );
    for (const problem of problems) console.error(`  - ${problem.message}`);
    return 1;
  }
  switchSection(paths.remotesFile, section, target.entry);
  console.info(`${section} rolled back to ${target.id} (${target.entry})`);
  return 0;
}

function list() {
  const paths = releasePaths();
  const remotes = readRemotes(paths.remotesFile);
  console.info(
    `remotes file: ${paths.remotesFile}${existsSync(paths.remotesFile) ? '' : ' (none yet: each section from its own build)'}`,
  );
  for (const section of REMOTE_SECTIONS) {
    console.info(`\n${section}: live ${remotes[section] ?? '(none)'}`);
    for (const r of listReleases(paths.releasesDir, section)) {
      const mark = r.entry === remotes[section] ? 'live' : '    ';
      console.info(
        `  ${mark} ${r.id}  ${r.builtAt.replace('T', ' ').slice(0, 19)} UTC  ${sharedSummary(r.build)}`,
      );
    }
  }
  return 0;
}

const USAGE = `usage: pnpm release <section> [--keep N] [--from DIR] [--publish DIR --origin URL]
       pnpm release --rollback <section> [build id] [--force]
       pnpm release --list
sections: ${REMOTE_SECTIONS.join(', ')}`;

async function main(argv) {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      list: { type: 'boolean' },
      rollback: { type: 'boolean' },
      force: { type: 'boolean' },
      keep: { type: 'string', default: '5' },
      from: { type: 'string' },
      publish: { type: 'string' },
      origin: { type: 'string' },
      help: { type: 'boolean' },
    },
  });
  if (values.help) return (console.info(USAGE), 0);
  if (values.list) return list();
  const [section, id] = positionals;
  if (!section || !REMOTE_SECTIONS.includes(section)) {
    console.error(USAGE);
    return 2;
  }
  if (values.rollback) return rollback(section, id, Boolean(values.force));
  const keep = Number(values.keep);
  if (!Number.isInteger(keep) || keep < 0) {
    console.error('--keep must be a whole number');
    return 2;
  }
  return release(section, { keep, from: values.from, publish: values.publish, origin: values.origin });
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    process.exitCode = await main(process.argv.slice(2));
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  }
}
