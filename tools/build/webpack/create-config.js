// One webpack configuration for the host and the four remotes, so every app is built the same way.
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import webpack from 'webpack';
import { constants as zlibConstants } from 'node:zlib';
import CompressionPlugin from 'compression-webpack-plugin';
import MinimizerPlugin from 'minimizer-webpack-plugin';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import { ModuleFederationPlugin } from '@module-federation/enhanced/webpack';
import { GlobalCssPlugin } from './global-css-plugin.js';
import { InitialPreloadPlugin } from './initial-preload-plugin.js';
import { sharedSingletons } from './mf-shared.js';
import { BuildInfoPlugin } from './build-info-plugin.js';
import { newBuildId } from './build-id.js';
import { remoteNamed } from './remotes.js';
import { sectionNamed } from '../../../shared-contracts/src/sections.js';

const API_PORT = Number(process.env.API_PORT ?? 8080);
const CHAKRA_FOR_CHARTS = fileURLToPath(
  new URL('../../../shared-ui/src/charts/chakra-for-charts.ts', import.meta.url),
);
const TEMPLATE = fileURLToPath(new URL('./index.html', import.meta.url));
/** The product label of the sign-in page and the sidebar, fixed at build time. */
export const PRODUCT_NAME = process.env.PRODUCT_NAME ?? 'Agent API';

/**
 * The build id: names a release's folder (`pnpm release`), shows in the console's About list and in a
 * section's error panel, and is the manifest's `buildInfo.buildVersion` (Module Federation reads
 * MF_BUILD_VERSION). `pnpm release` passes its own; otherwise UTC time plus a random suffix.
 */
export const BUILD_ID = process.env.BUILD_ID ?? newBuildId();
process.env.MF_BUILD_VERSION = BUILD_ID;

/**
 * @param {object} options
 * @param {string} options.appDir   absolute folder of the app
 * @param {string} options.name     federation name (host, companies, users, managers, approvals)
 * @param {number} options.port     dev-server port
 * @param {Record<string,string>} [options.exposes]  remote only: './routes' → file
 * @param {string} options.title    page title of index.html
 * @param {(devServer: any) => void} [options.devMiddleware] extra dev-server routes
 */
export function createWebpackConfig({ appDir, name, port, exposes, title, devMiddleware }) {
  const isHost = !exposes;
  return (_env, argv) => {
    const production = argv.mode === 'production';
    const shared = sharedSingletons(appDir);
    const pkg = JSON.parse(readFileSync(path.join(appDir, 'package.json'), 'utf8'));
    return {
      mode: production ? 'production' : 'development',
      context: appDir,
      entry: { main: './src/index.ts' },
      // Production maps are written for decoding error reports but neither referenced nor served
      // (api/src/plugins/frontends.ts refuses *.map): browsers never download them.
      devtool: production ? 'hidden-source-map' : 'eval-cheap-module-source-map',
      output: {
        // BUILD_OUT_DIR: `pnpm release` builds a remote straight into its release's staging folder.
        path: process.env.BUILD_OUT_DIR ? path.resolve(process.env.BUILD_OUT_DIR) : path.join(appDir, 'dist'),
        // The host must use '/' so deep links such as /companies/1/edit load scripts from the root;
        // remotes use 'auto' so their chunks load from wherever their entry was fetched.
        publicPath: isHost ? '/' : 'auto',
        filename: '[name].js',
        chunkFilename: '[id].[contenthash].js',
        uniqueName: `console_${name}`,
        clean: true,
      },
      resolve: {
        extensions: ['.tsx', '.ts', '.js'],
        // The real react-router, for the shared facade only (tools/build/webpack/shared/react-router.js).
        alias: { 'react-router-impl$': reactRouterImpl(appDir, production) },
        // The facades in tools/build/webpack/shared import react and react-dom: resolve them from the app.
        modules: ['node_modules', path.join(appDir, 'node_modules')],
      },
      module: {
        rules: [
          {
            // Lets the unused default theme (every Chakra recipe) be tree-shaken: see the loader.
            test: /@chakra-ui[\\/]react[\\/]dist[\\/]esm[\\/]theme[\\/]index\.js$/,
            loader: fileURLToPath(new URL('./pure-theme-loader.cjs', import.meta.url)),
          },
          {
            // createSystem computes no global styles: they are in the page (GlobalCssPlugin).
            test: /@chakra-ui[\\/]react[\\/]dist[\\/]esm[\\/]styled-system[\\/]system\.js$/,
            loader: fileURLToPath(new URL('./lazy-global-css-loader.cjs', import.meta.url)),
          },
          // A remote's @chakra-ui/charts gets Chakra through the shared singletons (shared-ui/src/
          // charts/chakra-for-charts.ts): its own import of @chakra-ui/react would be a second Chakra,
          // whose context the host's provider never fills. The host needs no such detour (its
          // @chakra-ui/react modules are the very ones it provides shared-ui from), and a consumed
          // module more would cost its runtime, which the sign-in page loads, a handler entry.
          ...(isHost
            ? []
            : [
                {
                  test: /@chakra-ui[\\/]charts[\\/]/,
                  resolve: { alias: { '@chakra-ui/react$': CHAKRA_FOR_CHARTS } },
                },
              ]),
          {
            test: /\.tsx?$/,
            exclude: /node_modules/,
            use: {
              loader: 'ts-loader',
              // Type-checking is `pnpm typecheck`'s job; the build only transpiles.
              options: {
                transpileOnly: true,
                onlyCompileBundledFiles: true,
                configFile: path.join(appDir, 'tsconfig.json'),
              },
            },
          },
        ],
      },
      plugins: [
        new ModuleFederationPlugin({
          name,
          filename: 'remoteEntry.js',
          exposes: exposes ?? {},
          // Remotes are registered at run time from /remotes.json, never at build time.
          remotes: {},
          shared,
          // Keep a shared module registered first (the host's) rather than the one of the app whose
          // name sorts last: every shared-ui entry of a page must come from one build (mf-shared.js).
          shareStrategy: 'loaded-first',
          dts: false,
          manifest: true,
        }),
        // build-info.json: what `pnpm release` and its compatibility gate read besides the manifest.
        new BuildInfoPlugin({
          app: name,
          buildId: BUILD_ID,
          version: pkg.version,
          minHostVersion: pkg.console?.minHostVersion,
        }),
        // One page template for the host and every remote's standalone page.
        new HtmlWebpackPlugin({ template: TEMPLATE, title, chunks: ['main'] }),
        // Chakra's global styles and design tokens, computed at build time, in the page itself.
        new GlobalCssPlugin(),
        // The files the page needs before its first render, requested with the page itself.
        new InitialPreloadPlugin(),
        new webpack.DefinePlugin({
          'process.env.PRODUCT_NAME': JSON.stringify(PRODUCT_NAME),
          'process.env.APP_ENV': JSON.stringify(production ? 'production' : 'development'),
          'process.env.BUILD_ID': JSON.stringify(BUILD_ID),
          // The versions this app provides of each singleton: the host's loader refuses a remote whose
          // requirements they do not meet before any of its code runs (host/src/remotes).
          'process.env.SHARED_VERSIONS': JSON.stringify(
            JSON.stringify(
              Object.fromEntries(Object.entries(shared).map(([key, value]) => [key, value.version])),
            ),
          ),
        }),
        // Precompressed copies beside every text asset: the server sends the best one the browser
        // accepts, with no compression per request (api/src/plugins/frontends.ts).
        ...(production ? precompress() : []),
      ],
      performance: { hints: false },
      optimization: {
        moduleIds: 'deterministic',
        chunkIds: 'deterministic',
        // swc's minifier (native) takes a fraction of the time of terser, webpack's default, which was
        // most of each production build on two cores; it drops unused and pure code as terser does
        // (esbuild's minifier keeps both, and with them the unused Chakra recipes). The output is
        // within 1 % of terser's (a little smaller).
        minimizer: [new MinimizerPlugin({ minify: MinimizerPlugin.swcMinify })],
      },
      devServer: {
        port,
        historyApiFallback: true,
        hot: !isHost,
        liveReload: true,
        headers: { 'Access-Control-Allow-Origin': '*' },
        static: existsSync(path.join(appDir, 'public'))
          ? { directory: path.join(appDir, 'public'), publicPath: '/' }
          : false,
        proxy: [{ context: ['/api'], target: `http://127.0.0.1:${API_PORT}` }],
        setupMiddlewares: (middlewares, devServer) => {
          devMiddleware?.(devServer);
          return middlewares;
        },
      },
    };
  };
}

/** The repository's root: each remote lives in its section's folder below it. */
const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/**
 * A remote's whole webpack configuration from its section's name: the folder, the dev port and the
 * standalone page's title come from the section registry, so the four remotes' configs cannot drift.
 * @param {string} name  the section's name (companies, users, managers, approvals)
 * @example export default createRemoteConfig('companies'); // remote-companies/webpack.config.js
 */
export function createRemoteConfig(name) {
  const remote = remoteNamed(name);
  return createWebpackConfig({
    appDir: path.join(ROOT, remote.dir),
    name,
    port: remote.port,
    title: `${sectionNamed(/** @type {any} */ (name)).label} — standalone`,
    // The one module a remote exposes: its section's routes, which the host mounts under the section's path.
    exposes: { './routes': './src/routes.tsx' },
  });
}

/** The ES module build of react-router installed for the app (its package exports only one build). */
function reactRouterImpl(appDir, production) {
  const require = createRequire(path.join(appDir, 'package.json'));
  const packageDir = path.dirname(require.resolve('react-router/package.json'));
  return path.join(packageDir, 'dist', production ? 'production' : 'development', 'index.mjs');
}

/** What the browser fetches as text; source maps are not served to browsers (see the API's static rules). */
const COMPRESSIBLE = /\.(js|css|html|json|svg|txt)$/;

/** A Brotli (best quality) and a gzip (level 9) copy of every compressible asset, when smaller. */
function precompress() {
  return [
    new CompressionPlugin({
      filename: '[path][base].br',
      algorithm: 'brotliCompress',
      test: COMPRESSIBLE,
      compressionOptions: {
        params: { [zlibConstants.BROTLI_PARAM_QUALITY]: zlibConstants.BROTLI_MAX_QUALITY },
      },
      minRatio: 0.9,
    }),
    new CompressionPlugin({
      filename: '[path][base].gz',
      algorithm: 'gzip',
      test: COMPRESSIBLE,
      compressionOptions: { level: 9 },
      minRatio: 0.9,
    }),
  ];
}
