// Every repository path a document names exists: a doc that names a file is checked when the file
// moves. A path is a backticked or linked token with a slash or a file extension, read from the
// repository's root, from the document's own folder, or (for a package's README) from its package.
// A path written from inside a folder (`users/users.service.ts` in the API's README) is found by its
// ending. Skipped: bare file names, paths under an environment variable (`DATA_DIR/…`), URLs, placeholders (<name>, *, …, {a,b}), routes (/api/…), names without an
// extension unless they end in `/` (a folder), and what git ignores (build output, data folders).
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { dirname, join, normalize } from 'node:path';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';

const ROOT = join(import.meta.dirname, '../..');
const git = (...args) => execFileSync('git', args, { cwd: ROOT, encoding: 'utf8' });
const tracked = git('ls-files', '--cached', '--others', '--exclude-standard').split('\n').filter(Boolean);
const files = new Set(tracked);
const folders = new Set(
  tracked.flatMap((path) =>
    path
      .split('/')
      .slice(0, -1)
      .map((_, i, parts) => parts.slice(0, i + 1).join('/')),
  ),
);
const exists = (path) => files.has(path) || folders.has(path.replace(/\/$/, ''));

/** Whether git ignores `path` (build output, data folders): named by docs, made at run time. */
function ignored(path) {
  try {
    git('check-ignore', '-q', '--no-index', path);
    return true;
  } catch {
    return false;
  }
}

const PACKAGES = new Set(
  tracked.filter((path) => /^[^/]+\/package\.json$/.test(path)).map((path) => path.split('/')[0]),
);
const EXTENSION = /\.(ts|tsx|js|mjs|cjs|json|md|sql|sh|yml|yaml|html|css)$/;

/** Tokens of `markdown` that name a repository path. */
function pathsIn(markdown) {
  const tokens = [
    ...[...markdown.matchAll(/`([^`\s]+)`/g)].map((match) => match[1]),
    ...[...markdown.matchAll(/\]\(([^)#\s]+)(?:#[^)]*)?\)/g)].map((match) => match[1]),
  ];
  return [
    ...new Set(
      tokens
        .map((token) => token.replace(/[.,:;]+$/, '').replace(/:\d+(-\d+)?$/, ''))
        .filter((token) => !/^[a-z]+:|^\/|^~|[<>*…{}$=?@|()[\]]|^-|\s/.test(token))
        .filter((token) => token.includes('/') && (EXTENSION.test(token) || token.endsWith('/')))
        .filter((token) => !/^[A-Z][A-Z0-9_]*\//.test(token)),
    ),
  ];
}

const docs = tracked.filter((path) => path.endsWith('.md') && !path.startsWith('docs/history/'));

for (const doc of docs) {
  test(`${doc} names only paths that exist`, () => {
    const here = dirname(doc);
    const pkg = PACKAGES.has(doc.split('/')[0]) ? doc.split('/')[0] : null;
    const missing = pathsIn(readFileSync(join(ROOT, doc), 'utf8')).filter((token) => {
      const bases = [
        normalize(join(here, token)),
        normalize(token),
        ...(pkg ? [normalize(join(pkg, token))] : []),
      ];
      if (bases.some(exists) || bases.some(ignored)) return false;
      // Named from inside a folder, or a bare file name: found by its ending.
      const ending = `/${token.replace(/^(\.\.?\/)+/, '')}`;
      return ![...files, ...[...folders].map((folder) => `${folder}/`)].some((path) =>
        `/${path}`.endsWith(ending),
      );
    });
    assert.deepEqual(missing, []);
  });
}
