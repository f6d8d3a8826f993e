import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createWebpackConfig } from '../tools/build/webpack/create-config.js';
import { remoteNamed } from '../tools/build/webpack/remotes.js';

export default createWebpackConfig({
  appDir: path.dirname(fileURLToPath(import.meta.url)),
  name: 'users',
  port: remoteNamed('users').port,
  title: 'Users — standalone',
  // The one module a remote exposes: its section's routes, which the host mounts under the section's path.
  exposes: { './routes': './src/routes.tsx' },
});
