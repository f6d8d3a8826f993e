// What every app gets for `import … from 'react-router'`: the shared singleton is this module, not the
// whole package. A shared module cannot be tree-shaken (any consumer may use any export), so sharing
// react-router itself sent all of it (~60 KB gzip) to the sign-in page; this list keeps only what the
// console uses, and webpack drops the rest. 'react-router-impl' is the real package (an alias in
// create-config.js): importing 'react-router' here would consume this module itself.
// The console routes declaratively (<BrowserRouter> and useRoutes): the data router
// (createBrowserRouter, RouterProvider) would add ~15 KB gzip that no page uses.
// Using a name that is not listed here gives `undefined` at run time: add it here first
// (shared-ui/src/router-facade.test.ts fails when an import is missing).
export {
  BrowserRouter,
  Link,
  NavLink,
  Navigate,
  Outlet,
  useLocation,
  useNavigate,
  useParams,
  useRoutes,
  useSearchParams,
} from 'react-router-impl';
