import { statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import { THEME_BOOT_SCRIPT } from '../../../shared-contracts/src/theme.js';
import { renderAtBuild } from './render-at-build.js';

const ENTRY = fileURLToPath(new URL('../../../shared-ui/src/global-css.tsx', import.meta.url));
const SOURCES = ['system.ts', 'contrast-overrides.ts'].map((file) =>
  fileURLToPath(new URL(`../../../shared-ui/src/${file}`, import.meta.url)),
);

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
      const mtime = Math.max(...SOURCES.map((file) => statSync(file).mtimeMs));
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
    // The API allows the theme script by the hash of THEME_BOOT_SCRIPT: a page whose copy was changed
    // on the way (a minifier rewriting it) would have its theme blocked. Fail the build instead.
    compiler.hooks.thisCompilation.tap('GlobalCssPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'GlobalCssPlugin', stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_REPORT },
        (assets) => {
          for (const name of Object.keys(assets).filter((file) => file.endsWith('.html'))) {
            const html = String(assets[name].source());
            if (!html.includes(`<script>${THEME_BOOT_SCRIPT}</script>`)) {
              compilation.errors.push(
                new compiler.webpack.WebpackError(
                  `GlobalCssPlugin: ${name} does not carry the theme script exactly as shared-contracts/src/theme.js writes it`,
                ),
              );
            }
          }
        },
      );
    });
  }
}

/**
 * The page with the colour theme's boot script and the global styles first in its head: the script
 * puts `dark` or `light` on <html> before the first paint, so the styles' variables for that theme
 * apply from the first frame (the API allows the script by its hash, nothing else inline).
 */
export function insertGlobalCss(html, css) {
  if (!html.includes('</title>')) throw new Error('GlobalCssPlugin: the page has no <title>');
  if (css.includes('</style')) throw new Error('GlobalCssPlugin: the CSS would close its <style> element');
  if (THEME_BOOT_SCRIPT.includes('</'))
    throw new Error('GlobalCssPlugin: the theme script would close its element');
  return html.replace(
    '</title>',
    () => `</title><script>${THEME_BOOT_SCRIPT}</script><style id="chakra-global">${css}</style>`,
  );
}
