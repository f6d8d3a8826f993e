// What every app gets for `import … from 'react-router-dom'`. In React Router 7, react-router-dom is
// react-router plus a RouterProvider (for data routers) that passes react-dom's flushSync; the console
// uses a declarative <BrowserRouter> (host/src/router.tsx), so react-router-dom is the shared
// react-router module (./react-router.js) and no second copy of the router is bundled.
export * from 'react-router';
