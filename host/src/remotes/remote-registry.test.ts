// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// The federation runtime: what the registry registers and loads, without loading any remote.
const runtime = vi.hoisted(() => ({
  registerRemotes: vi.fn(),
  registerPlugins: vi.fn(),
  loadRemote: vi.fn(),
  registerGlobalPlugins: vi.fn(),
  getInstance: vi.fn(() => ({ shareScopeMap: { default: {} } })),
}));
vi.mock('@module-federation/enhanced/runtime', () => runtime);

const MANIFEST = {
  metaData: { buildInfo: { buildVersion: '20261130-010000-abcd' } },
  shared: [],
  exposes: [{ name: 'routes', path: './routes' }],
};
const ROUTES = [{ index: true }];

/** Answers /remotes.json and the companies manifest, counting the reads of each. */
function serve() {
  const reads = new Map<string, number>();
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const path = new URL(String(input), window.location.origin).pathname;
    reads.set(path, (reads.get(path) ?? 0) + 1);
    const body = path === '/remotes.json' ? { companies: '/remotes/companies/mf-manifest.json' } : MANIFEST;
    return new Response(JSON.stringify(body), { status: 200 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return reads;
}

/** A fresh registry module (its loads and caches start empty). */
async function registry() {
  vi.resetModules();
  vi.stubEnv('SHARED_VERSIONS', '{}');
  return import('./remote-registry');
}

beforeEach(() => {
  runtime.registerRemotes.mockReset();
  runtime.registerPlugins.mockReset();
  runtime.loadRemote.mockReset();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
});

describe('loading a section that was started early', () => {
  it('joins the load started with the layout: one /remotes.json, one manifest, one registration', async () => {
    const reads = serve();
    let finish: (module: unknown) => void = () => undefined;
    runtime.loadRemote.mockReturnValue(new Promise((resolve) => (finish = resolve)));
    const { loadSection, preloadSection } = await registry();

    preloadSection('companies');
    const shown = loadSection('companies');
    await vi.waitFor(() => expect(runtime.loadRemote).toHaveBeenCalled());
    finish({ routes: ROUTES });

    expect((await shown).routes).toBe(ROUTES);
    expect(reads.get('/remotes.json')).toBe(1);
    expect(reads.get('/remotes/companies/mf-manifest.json')).toBe(1);
    expect(runtime.registerRemotes).toHaveBeenCalledTimes(1);
    expect(runtime.loadRemote).toHaveBeenCalledTimes(1);
  });

  it('loads the section again when the early load failed, rather than keeping its failure', async () => {
    const reads = serve();
    runtime.loadRemote.mockRejectedValueOnce(new Error('remoteEntry.js answered 503'));
    const { loadSection, preloadSection } = await registry();

    preloadSection('companies');
    await vi.waitFor(() => expect(runtime.loadRemote).toHaveBeenCalledTimes(1));
    await new Promise((resolve) => setTimeout(resolve, 0));
    // The failed early load is not kept: the section's own load reads and loads again.
    runtime.loadRemote.mockResolvedValueOnce({ routes: ROUTES });
    expect((await loadSection('companies')).routes).toBe(ROUTES);
    expect(runtime.loadRemote).toHaveBeenCalledTimes(2);
    expect(reads.get('/remotes/companies/mf-manifest.json')).toBe(2);
  });
});

describe("the federation runtime's read of a manifest the page has checked", () => {
  it('is answered with the checked manifest, once, with no second request', async () => {
    const reads = serve();
    const { loadSection } = await registry();
    const entry = `${window.location.origin}/remotes/companies/mf-manifest.json`;
    let runtimeRead: Promise<Response | undefined> | undefined;
    let laterRead: Promise<Response | undefined> | undefined;
    runtime.loadRemote.mockImplementation(async () => {
      // What the runtime does while loading: read the registered entry through its plugins first.
      const [[plugin]] = runtime.registerPlugins.mock.calls.at(-1) as [
        [{ fetch: (url: string) => Promise<Response> | undefined }],
      ];
      expect(runtime.registerRemotes).toHaveBeenCalledWith([{ name: 'companies', entry }], {
        force: false,
      });
      runtimeRead = plugin.fetch(entry);
      laterRead = plugin.fetch(entry);
      return { routes: ROUTES };
    });

    await loadSection('companies');

    expect(await (await runtimeRead)?.json()).toEqual(MANIFEST);
    // Handed over once: a later read (a retry's) goes to the server.
    expect(laterRead).toBeUndefined();
    expect(reads.get('/remotes/companies/mf-manifest.json')).toBe(1);
  });
});
