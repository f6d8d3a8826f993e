// The Module Federation runtime core once per page (issue 10). The host is built with
// `experiments.provideExternalRuntime` (it publishes its runtime core on globalThis) and every remote
// with `experiments.externalRuntime` (its remoteEntry.js, and its main.js too, read the core from
// there instead of carrying a copy). A remote's standalone QA page has no host, so this plugin gives
// it the provider itself: a small script, built apart from the remote (the remote's own build would
// externalize the core from it as well), that publishes the core and runs before main.js.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import HtmlWebpackPlugin from 'html-webpack-plugin';

const NAME = 'ExternalRuntimeProviderPlugin';
const PROVIDER = fileURLToPath(new URL('./mf-runtime-provider.js', import.meta.url));

/** The installed @module-federation/enhanced: its folder (…/enhanced/dist/src/index.js) and version. */
const require = createRequire(import.meta.url);
const ENHANCED_DIR = path.resolve(path.dirname(require.resolve('@module-federation/enhanced')), '..', '..');
const ENHANCED_VERSION = JSON.parse(readFileSync(path.join(ENHANCED_DIR, 'package.json'), 'utf8')).version;
/** Where the plugin's own dependencies (runtime-tools and the runtime core it re-exports) resolve from. */
const ENHANCED_MODULES = path.resolve(ENHANCED_DIR, '..', '..');

export class ExternalRuntimeProviderPlugin {
  /** @param {{ name: string }} options  the remote's federation name (shown in the runtime's warnings) */
  constructor({ name }) {
    this.name = name;
  }

  apply(compiler) {
    const { webpack } = compiler;
    const production = compiler.options.mode === 'production';
    /** The provider depends only on the installed runtime: built once per process (watch mode too). */
    let provider = null;

    compiler.hooks.thisCompilation.tap(NAME, (compilation) => {
      let file = null;
      compilation.hooks.processAssets.tapPromise(
        { name: NAME, stage: webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
        async () => {
          provider ??= buildProvider(webpack, production, this.name);
          let code;
          try {
            code = await provider;
          } catch (error) {
            provider = null;
            compilation.errors.push(new webpack.WebpackError(`${NAME}: ${error.message}`));
            return;
          }
          // Named by content, so the server caches it for good like the other hashed chunks.
          const hash = createHash('sha256').update(code).digest('hex').slice(0, 20);
          file = `mf-runtime.${hash}.js`;
          compilation.emitAsset(file, new webpack.sources.RawSource(code), { immutable: true });
        },
      );
      // The standalone page: the provider first; `defer` scripts run in document order.
      HtmlWebpackPlugin.getHooks(compilation).alterAssetTags.tap(NAME, (data) => {
        if (!file) return data;
        const publicPath = data.publicPath ?? '';
        data.assetTags.scripts.unshift(
          HtmlWebpackPlugin.createHtmlTagObject(
            'script',
            { defer: true, src: `${publicPath}${file}` },
            undefined,
            {
              plugin: NAME,
            },
          ),
        );
        return data;
      });
    });
  }
}

/** Bundles mf-runtime-provider.js with its own webpack compiler, in memory; resolves to the code. */
function buildProvider(webpack, production, name) {
  return new Promise((resolve, reject) => {
    const compiler = webpack({
      mode: production ? 'production' : 'development',
      devtool: false,
      context: path.dirname(PROVIDER),
      entry: PROVIDER,
      output: { path: os.tmpdir(), filename: 'mf-runtime.js' },
      resolve: { modules: [ENHANCED_MODULES, 'node_modules'] },
      plugins: [
        new webpack.DefinePlugin({
          __MF_PROVIDER__: JSON.stringify({ name: `${name} (standalone page)`, version: ENHANCED_VERSION }),
        }),
      ],
      performance: { hints: false },
      infrastructureLogging: { level: 'error' },
    });
    compiler.hooks.shouldEmit.tap(NAME, () => false);
    compiler.run((error, stats) => {
      compiler.close(() => {});
      if (error) return reject(error);
      if (!stats || stats.hasErrors()) return reject(new Error(stats?.toString('errors-only') ?? 'no stats'));
      return resolve(String(stats.compilation.assets['mf-runtime.js'].source()));
    });
  });
}
