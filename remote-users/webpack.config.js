import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createWebpackConfig } from '../tools/build/webpack/create-config.js';

export default createWebpackConfig({
  appDir: path.dirname(fileURLToPath(import.meta.url)),
  name: 'users',
  port: 3002,
  title: 'Users — standalone',
  // The one module a remote exposes: its section's routes.
  exposes: { './routes': './src/routes.tsx' },
});
