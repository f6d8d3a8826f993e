// Chakra's createSystem (@chakra-ui/react/dist/esm/styled-system/system.js) computes the page's global
// styles eagerly: `const _global = [getPreflightCss(), getGlobalCss(), getTokenCss()]`, every token's
// CSS variable run through the whole css() pipeline — about half of createSystem, itself the longest
// task of the sign-in page's start-up on a phone (Lighthouse's Total Blocking Time). The console does
// not build those styles in the browser: they are written at build time into each page's HTML
// (./global-css-plugin.js), and shared-ui's provider does not render them. This loader makes `_global`
// a getter computed on first read, so a system whose global styles are never read never computes them.
const EAGER = 'const _global = [getPreflightCss(), getGlobalCss(), getTokenCss()];';
const FIELD = '    _global,\n';

module.exports = function lazyGlobalCssLoader(source) {
  if (!source.includes(EAGER) || !source.includes(FIELD)) {
    // A Chakra upgrade changed the module: fail the build rather than silently compute it again.
    throw new Error(`lazy-global-css-loader: createSystem's _global not found in ${this.resourcePath}`);
  }
  return source
    .replace(EAGER, 'let _global;')
    .replace(
      FIELD,
      '    get _global() {\n      return _global || (_global = [getPreflightCss(), getGlobalCss(), getTokenCss()]);\n    },\n',
    );
};
