import path from 'node:path';
import webpack from 'webpack';
import { renderAtBuild } from './render-at-build.js';

/**
 * Writes a copy of the app's page with one route already rendered in it (`login.html` with the
 * sign-in form): the server sends it for that route, so the form is painted with the HTML instead of
 * after the console's JavaScript has loaded and run. The app then renders over it as usual (no
 * hydration: the page is replaced in one commit, with the same look).
 *
 * The markup comes from `render` (a module of the app exporting an async function returning HTML),
 * bundled for Node with esbuild and run at build time (./render-at-build.js); Emotion's server
 * rendering puts the styles of its components inline (the global styles are already in the page:
 * ./global-css-plugin.js). Until the app has taken over, the static form must not be used: its fields
 * and buttons are disabled (so nothing typed is lost and nothing is submitted — a native submit would
 * put the password in the URL), and a rule keeps them looking enabled.
 */
export class PrerenderPlugin {
  /** @param {{ appDir: string, entry: string, exportName: string, filename: string, define: Record<string, string> }} options */
  constructor(options) {
    this.options = options;
  }

  apply(compiler) {
    const { filename } = this.options;
    compiler.hooks.thisCompilation.tap('PrerenderPlugin', (compilation) => {
      compilation.hooks.processAssets.tapPromise(
        // After html-webpack-plugin has written index.html, before compression copies it.
        { name: 'PrerenderPlugin', stage: webpack.Compilation.PROCESS_ASSETS_STAGE_SUMMARIZE },
        async () => {
          const page = compilation.getAsset('index.html');
          if (!page) throw new Error('PrerenderPlugin: the build has no index.html');
          const markup = await this.render();
          compilation.emitAsset(
            filename,
            new webpack.sources.RawSource(insertMarkup(String(page.source.source()), markup)),
          );
        },
      );
    });
  }

  render() {
    const { appDir, entry, exportName, define } = this.options;
    return renderAtBuild({ entry: path.join(appDir, entry), exportName, define });
  }
}

const STATIC_STYLE = '<style>[data-prerendered] :disabled{opacity:1;cursor:progress}</style>';
// The browser paints a long page before it has all of it: on a slow connection the sign-in card was
// painted with half its form and then grew as the rest arrived (a layout shift, Lighthouse's CLS).
// `rel=expect … blocking=render` holds the first paint until the end of the markup has been parsed
// (browsers without it paint as before).
const END_ID = 'prerendered-end';
const HOLD_PAINT = `<link rel="expect" href="#${END_ID}" blocking="render">`;

/** The page with the markup in its root element, its controls disabled until the app takes over. */
export function insertMarkup(html, markup) {
  // The production page is minified: `<div id=root></div>`.
  const root = /<div id="?root"?><\/div>/;
  if (!root.test(html) || !html.includes('</head>'))
    throw new Error('PrerenderPlugin: the page has no </head> or no empty #root');
  const inert = markup.replace(/<(input|button|textarea|select)\b/g, '<$1 disabled=""');
  return html
    .replace('</head>', `${STATIC_STYLE}${HOLD_PAINT}</head>`)
    .replace(
      root,
      () => `<div id="root"><div data-prerendered="">${inert}</div><span id="${END_ID}"></span></div>`,
    );
}
