// Standalone entry for QA: this section alone, with its own sign-in.
import { renderStandalone } from 'shared-ui/standalone';
import { routes } from './routes';

// Served at /remotes/<name>/ in production and at the dev server's root in development.
declare const __webpack_public_path__: string;
const basename = new URL(__webpack_public_path__, window.location.href).pathname.replace(/\/+$/, '');

renderStandalone({ basename, environment: process.env.APP_ENV, title: 'Users', basePath: '/users', routes });
