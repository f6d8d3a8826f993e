#!/usr/bin/env node
// `node tools/lab/shape.mjs`: the counts that say whether the code keeps its shape, read from the
// tracked files of this checkout (docs/architecture.md › "Measuring the shape" names each goal).
// Product files: TypeScript and JavaScript sources outside tests, test set-up, migrations, e2e and
// lab code.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = join(import.meta.dirname, '../..');
const tracked = execFileSync('git', ['ls-files'], { cwd: ROOT, encoding: 'utf8' })
  .split('\n')
  .filter(Boolean);
const read = (path) => readFileSync(join(ROOT, path), 'utf8');
const lines = (path) => read(path).split('\n').length - (read(path).endsWith('\n') ? 1 : 0);

const NOT_PRODUCT =
  /(\.test\.|\.spec\.|\/test\/|^e2e\/|\/drizzle\/|\/lab\/|^tools\/lab\/|test-setup|\.d\.ts$)/;
const product = tracked.filter((path) => /\.(ts|tsx|js|mjs)$/.test(path) && !NOT_PRODUCT.test(path));

// API modules: which import which (relative imports between api/src/modules/<a> and <b>).
const moduleFiles = product.filter((path) => path.startsWith('api/src/modules/'));
const edges = new Set();
const repositoryImports = [];
for (const path of moduleFiles) {
  const from = path.split('/')[3];
  for (const [, spec] of read(path).matchAll(/from '(\.\.\/[^']+)'/g)) {
    const target = join(path, '..', spec).split('/');
    if (target[0] !== 'api' || target[2] !== 'modules') continue;
    const to = target[3];
    if (to === from) continue;
    edges.add(`${from} → ${to}`);
    if (spec.endsWith('.repository')) repositoryImports.push(`${path}: ${spec}`);
  }
}
const mutual = [...edges]
  .map((edge) => edge.split(' → '))
  .filter(([a, b]) => a < b && edges.has(`${b} → ${a}`))
  .map(([a, b]) => `${a} ⇄ ${b}`);

const big = product.map((path) => [path, lines(path)]).filter(([, n]) => n > 500);
const references = tracked
  .filter(
    (path) =>
      /\.(ts|tsx|js|mjs|md)$/.test(path) && !path.startsWith('docs/history/') && !path.includes('/drizzle/'),
  )
  .flatMap((path) =>
    read(path)
      .split('\n')
      .map((line, index) => [line, index])
      .filter(([line]) => /\bissues? #?\d+\b|\bthe spec\b|\bSPEC(\.md)? ?§/i.test(line))
      .map(([, index]) => `${path}:${index + 1}`),
  )
  .filter((entry) => !entry.startsWith('tools/lab/shape.mjs'));

const rows = [
  ['API module pairs that import each other', mutual.length, 0, mutual.join(', ')],
  ['imports of another module’s repository', repositoryImports.length, 0, repositoryImports.join(', ')],
  ['product files over 500 lines', big.length, 0, big.map(([path, n]) => `${path} ${n}`).join(', ')],
  [
    'approvals list page, lines',
    lines('remote-approvals/src/approvals/components/approvals-list-page.tsx'),
    '≤ 120',
    '',
  ],
  ['README.md, lines', lines('README.md'), '≤ 150', ''],
  ['api/README.md, lines', lines('api/README.md'), '≤ 250', ''],
  ['docs/performance.md, lines', lines('docs/performance.md'), '≤ 300', ''],
  ['lines naming an issue number or the spec', references.length, 0, references.slice(0, 20).join(', ')],
];
for (const [name, value, goal, detail] of rows) {
  console.info(
    `${name.padEnd(44)} ${String(value).padStart(5)}   goal ${goal}${detail ? `\n    ${detail}` : ''}`,
  );
}
console.info(`\nmodule imports: ${[...edges].sort().join(', ')}`);
console.info(
  'cross-remote duplicate pairs: the duplicates command of docs/architecture.md › "Measuring the shape"',
);
