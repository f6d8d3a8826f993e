// `shared-ui/viewport`: a hook telling when an element has come into view. Tiny and without React
// context, so it is not a Module Federation singleton: each app that uses it bundles its own copy,
// and the sign-in page pays nothing for it.
export { useInView } from '../use-in-view';
