// `shared-ui/viewport`: hooks telling when secondary content may load (an element has come into view,
// the browser has had an idle moment), and its lazy loading (tried again on failure, a fallback when
// it cannot load). Tiny and without React context, so they are not a Module Federation singleton:
// each app that uses them bundles its own copy, and the sign-in page pays nothing.
export { useIdle } from '../use-idle';
export { useInView } from '../use-in-view';
export { lazyRetry, OptionalContent } from '../lazy-retry';
