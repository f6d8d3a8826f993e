// Standalone entry for QA: this section alone, with its own sign-in (DESIGN.md "Module Federation").
import { renderStandalone } from 'shared-ui';
import { routes } from './routes';

renderStandalone({ title: 'Companies', basePath: '/companies', routes });
