// What every app gets for `import … from 'react-router-dom'`. In React Router 7, react-router-dom is
// react-router plus a RouterProvider that passes react-dom's flushSync; the same is done here on top
// of the shared react-router module (./react-router.js), so no second copy of the router is bundled.
import { createElement } from 'react';
import { flushSync } from 'react-dom';
import { RouterProvider as BaseRouterProvider } from 'react-router';

export * from 'react-router';

/** RouterProvider with react-dom's flushSync, as react-router-dom's own. */
export function RouterProvider(props) {
  return createElement(BaseRouterProvider, { flushSync, ...props });
}
