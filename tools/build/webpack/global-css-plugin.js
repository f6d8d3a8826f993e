import { statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import { renderAtBuild } from './render-at-build.js';

const ENTRY = fileURLToPath(new URL('../../../shared-ui/src/global-css.tsx', import.meta.url));
const SYSTEM = fileURLToPath(new URL('../../../shared-ui/src/system.ts', import.meta.url));

/**
 * Writes the console's global styles — Chakra's cascade layer order, its reset, the global CSS and
 * every design token as a CSS variable — into the page's HTML as one `<style id="chakra-global">`,
 * computed at build time from shared-ui's system (shared-ui/src/global-css.tsx).
 *
 * In the browser Chakra's provider would compute the same styles when the system is created and
 * serialize and insert them on the first render (Emotion's <Global>): about half of the styling
 * engine's start-up, one of the longest tasks of every page's first load on a phone. shared-ui's
 * UiProvider therefore renders none of them (shared-ui/src/system.ts, providerSystem) and Chakra's
 * createSystem no longer computes them (./lazy-global-css-loader.cjs). Every app's page gets them here,
 * so a remote's standalone QA page is styled as the console is; inside the console the host's page
 * carries them for every section.
 */
export class GlobalCssPlugin {
  apply(compiler) {
    /** @type {{ mtime: number, css: Promise<string> } | null} */
    let cached = null;
    const globalCss = () => {
      // Computed once per build process, again in a dev server when the system's source changes.
      const mtime = statSync(SYSTEM).mtimeMs;
      if (!cached || cached.mtime !== mtime) {
        const css = renderAtBuild({ entry: ENTRY, exportName: 'renderGlobalCss' }).catch((error) => {
          // A failed render is not kept: a dev server tries again on its next compilation.
          cached = null;
          throw error;
        });
        cached = { mtime, css };
      }
      return cached.css;
    };
    compiler.hooks.compilation.tap('GlobalCssPlugin', (compilation) => {
      HtmlWebpackPlugin.getHooks(compilation).beforeEmit.tapPromise('GlobalCssPlugin', async (data) => {
        data.html = insertGlobalCss(data.html, await globalCss());
        return data;
      });
    });
  }
}

/** The page with the global styles as the first style of its head. */
export function insertGlobalCss(html, css) {
  if (!html.includes('</title>')) throw new Error('GlobalCssPlugin: the page has no <title>');
  if (css.includes('</style')) throw new Error('GlobalCssPlugin: the CSS would close its <style> element');
  return html.replace('</title>', () => `</title><style id="chakra-global">${css}</style>`);
}
