import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createWebpackConfig, PRODUCT_NAME } from '../tools/build/webpack/create-config.js';
import { PrerenderPlugin } from '../tools/build/webpack/prerender-plugin.js';
import { devRemotesJson, HOST_PORT } from '../tools/build/webpack/remotes.js';

const appDir = path.dirname(fileURLToPath(import.meta.url));
const base = createWebpackConfig({
  appDir,
  name: 'host',
  port: HOST_PORT,
  title: 'Admin Console',
  // In development each remote runs on its own dev server.
  devMiddleware: (devServer) => {
    devServer.app.get('/remotes.json', (_req, res) => res.json(devRemotesJson()));
  },
});

export default (env, argv) => {
  const config = base(env, argv);
  // No remotes.json in the build: the server reads the remotes file (REMOTES_FILE), which lives
  // outside every build output, so a host build never undoes a release or a rollback.
  // /login is sent already rendered (login.html, api/src/plugins/frontends.ts): the sign-in form is
  // on screen with the HTML rather than after the JavaScript has run.
  if (argv.mode === 'production') {
    config.plugins.push(
      new PrerenderPlugin({
        appDir,
        entry: 'src/prerender/sign-in.tsx',
        exportName: 'renderSignInPage',
        filename: 'login.html',
        define: { 'process.env.PRODUCT_NAME': JSON.stringify(PRODUCT_NAME) },
      }),
    );
  }
  return config;
};
