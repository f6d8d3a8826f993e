// The console's global styles as CSS text, computed at build time (tools/build/webpack/global-css-plugin.js
// writes them into every app's HTML), never in the browser: Chakra's cascade layer order, its reset,
// the global CSS and every design token as a CSS variable, exactly as ChakraProvider would insert them.
import { ChakraProvider } from '@chakra-ui/react';
import { renderToString } from 'react-dom/server';
import { cssSystem } from './contrast-overrides';

const STYLE_ELEMENT = /<style[^>]*>([\s\S]*?)<\/style>/g;

/** The CSS ChakraProvider's global style elements hold, in their order (layer order first). */
export function renderGlobalCss(): string {
  const markup = renderToString(<ChakraProvider value={cssSystem}>{null}</ChakraProvider>);
  const css = [...markup.matchAll(STYLE_ELEMENT)].map((match) => match[1] ?? '').join('');
  if (!css.startsWith('@layer ')) throw new Error('renderGlobalCss: no cascade layer order first');
  return css;
}
