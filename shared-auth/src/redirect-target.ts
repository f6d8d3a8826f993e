import { LOGIN_PATH } from './http';

const DEFAULT_TARGET = '/dashboard';
// Any origin works here: it only lets URL tell "same origin, path only" from everything else.
const PROBE_ORIGIN = 'http://redirect-target.invalid';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

/** The page RequireAuth remembered in `state.from` as a path, or '/dashboard'; never another origin or /login. */
export function getRedirectTarget(state: unknown): string {
  const from = isRecord(state) ? state.from : undefined;
  let target = '';
  if (typeof from === 'string') target = from;
  else if (isRecord(from)) target = text(from.pathname) + text(from.search) + text(from.hash);

  // Only same-site paths: '//evil.example', '/\evil.example' and 'javascript:' all fail here.
  if (!target.startsWith('/') || target.startsWith('//') || target.includes('\\')) return DEFAULT_TARGET;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(target)) return DEFAULT_TARGET;
  let url: URL;
  try {
    url = new URL(target, PROBE_ORIGIN);
  } catch {
    return DEFAULT_TARGET;
  }
  if (url.origin !== PROBE_ORIGIN) return DEFAULT_TARGET;
  const path = url.pathname.replace(/\/+$/, '') || '/';
  if (path === LOGIN_PATH || path.startsWith(`${LOGIN_PATH}/`)) return DEFAULT_TARGET;
  return `${url.pathname}${url.search}${url.hash}`;
}
