// nginx in front of the bench's API processes (`pnpm bench -- --staff N --processes P`), from the
// configuration the operations guide gives (tools/deploy/nginx.conf): only the upstream servers, the
// listen port and the log paths are rewritten. Debian's nginx is installed when missing.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ROOT } from '../build/frontends.mjs';
import { freePort } from './bench-lib.mjs';

const NGINX = '/usr/sbin/nginx';
export const NGINX_CONF = path.join(ROOT, 'tools', 'deploy', 'nginx.conf');

function ensureNginx() {
  if (existsSync(NGINX)) return;
  console.info('Installing nginx (Debian package)…');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const install = spawnSync('apt-get', ['install', '-y', '--no-install-recommends', 'nginx-light'], {
    stdio: 'inherit',
    env,
  });
  if (install.status !== 0 || !existsSync(NGINX)) {
    throw new Error('nginx is needed for --processes above 1: apt-get install -y nginx-light');
  }
}

/** The guide's configuration with the bench's upstreams (`host:port`), port and folder. */
export function renderNginxConf(text, { upstreams, port, dir }) {
  // Each server keeps the parameters the file gives its first one (max_fails, fail_timeout).
  const parameters = /upstream console_api \{[\s\S]*?\n\s*server \S+?( [^;]*)?;/.exec(text)?.[1] ?? '';
  const servers = upstreams.map((address) => `    server ${address}${parameters};`).join('\n');
  const rendered = text
    .replace(
      /(upstream console_api \{[\s\S]*?)((?:\s*server [^;]+;\n)+)/,
      (_, head) => `${head}\n${servers}\n`,
    )
    .replace(/listen \d+;/, `listen 127.0.0.1:${port};`)
    .replace(
      /access_log [^;]+;/,
      // BENCH_NGINX_ACCESS_LOG=FILE keeps each request's upstream, status and times there.
      process.env.BENCH_NGINX_ACCESS_LOG
        ? `log_format bench '$msec $upstream_addr $status $request_time $upstream_connect_time $upstream_header_time $connection_requests "$request"';\n  access_log ${process.env.BENCH_NGINX_ACCESS_LOG} bench;`
        : 'access_log off;',
    )
    .replace(/error_log [^;]+;/, `error_log ${path.join(dir, 'error.log')} warn;`);
  if (!rendered.includes(servers) || !rendered.includes(`listen 127.0.0.1:${port};`)) {
    throw new Error(`${NGINX_CONF} no longer has the upstream and listen lines the bench rewrites`);
  }
  return rendered;
}

/** Starts nginx on a free port before `urls` (http://host:port); resolves with its url, pid, stop. */
export async function startNginx(urls) {
  ensureNginx();
  const dir = mkdtempSync(path.join(tmpdir(), 'console-bench-nginx-'));
  mkdirSync(path.join(dir, 'logs'));
  const port = await freePort();
  const conf = path.join(dir, 'nginx.conf');
  writeFileSync(
    conf,
    renderNginxConf(readFileSync(NGINX_CONF, 'utf8'), {
      upstreams: urls.map((url) => new URL(url).host),
      port,
      dir,
    }),
  );
  const child = spawn(
    NGINX,
    [
      '-p',
      dir,
      '-c',
      conf,
      '-e',
      path.join(dir, 'error.log'),
      '-g',
      `daemon off; pid ${path.join(dir, 'nginx.pid')};`,
    ],
    { stdio: ['ignore', 'ignore', 'inherit'] },
  );
  const url = `http://127.0.0.1:${port}`;
  for (const deadline = Date.now() + 15_000; ;) {
    if (child.exitCode !== null) throw new Error(`nginx exited with ${child.exitCode}`);
    if (
      await fetch(`${url}/api/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    if (Date.now() > deadline) throw new Error('nginx did not answer in time');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    url,
    pid: child.pid,
    async stop() {
      if (child.exitCode === null) {
        // QUIT: nginx's graceful stop of its own workers.
        child.kill('SIGQUIT');
        await new Promise((resolve) => child.once('exit', resolve));
      }
      // What nginx complained of (a 502's cause is only in its log), counted by kind.
      const kinds = new Map();
      const log = existsSync(path.join(dir, 'error.log'))
        ? readFileSync(path.join(dir, 'error.log'), 'utf8')
        : '';
      for (const line of log.split('\n')) {
        const kind = /\[(?:error|warn|crit)\] \d+#\d+: \*?\d* ?([^,(]*)/.exec(line)?.[1]?.trim();
        if (kind)
          kinds.set(kind, {
            count: (kinds.get(kind)?.count ?? 0) + 1,
            first: kinds.get(kind)?.first ?? line,
          });
      }
      // Each kind's first line names the request and the upstream it concerns.
      for (const [kind, { count, first }] of kinds)
        console.info(`  nginx: ${count}× ${kind}\n    first: ${first}`);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
