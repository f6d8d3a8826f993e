import HtmlWebpackPlugin from 'html-webpack-plugin';

/**
 * Adds `<link rel="preload" as="script">` to the page for every file its entry loads before anything
 * renders: the chunks the entry module imports (the async boundary and its stages) and, following
 * them, the fallback chunks of the shared singletons those chunks consume — transitively, since a
 * shared package consumes others. Without it the browser learns of those files only after main.js has
 * arrived and run, one round trip later; with the entry's staged imports (host/src/index.ts) it would
 * learn of each only after the previous stage ran.
 *
 * Lazy chunks (the signed-in layout, the dashboard, a section's routes) are not preloaded: their
 * origin is an ordinary import(), not a shared-module fallback, so the sign-in page never pays for them.
 */
export class InitialPreloadPlugin {
  apply(compiler) {
    compiler.hooks.compilation.tap('InitialPreloadPlugin', (compilation) => {
      HtmlWebpackPlugin.getHooks(compilation).alterAssetTags.tap('InitialPreloadPlugin', (data) => {
        const publicPath = data.publicPath ?? '';
        const files = initialFiles(compilation);
        const present = new Set(data.assetTags.scripts.map((tag) => tag.attributes.src));
        const preloads = [...files]
          .map((file) => `${publicPath}${file}`)
          .filter((href) => !present.has(href))
          .map((href) => ({
            tagName: 'link',
            voidTag: true,
            meta: { plugin: 'InitialPreloadPlugin' },
            attributes: { rel: 'preload', as: 'script', href },
          }));
        data.assetTags.styles.unshift(...preloads);
        return data;
      });
    });
  }
}

/** The JavaScript files of the chunk groups reached from the entry's imports and shared fallbacks. */
function initialFiles(compilation) {
  const entryModules = new Set();
  for (const entry of compilation.entrypoints.values()) {
    for (const chunk of entry.chunks) {
      for (const module of compilation.chunkGraph.getChunkEntryModulesIterable(chunk)) {
        entryModules.add(module);
      }
    }
  }
  const included = new Set();
  const files = new Set();
  const modulesOf = (group) =>
    group.chunks.flatMap((chunk) => [...compilation.chunkGraph.getChunkModulesIterable(chunk)]);
  const reached = new Set(entryModules);
  let grew = true;
  while (grew) {
    grew = false;
    for (const group of compilation.chunkGroups) {
      if (included.has(group) || group.isInitial()) continue;
      const fromEntry = group.origins.some((origin) => origin.module && entryModules.has(origin.module));
      const sharedFallback = group.origins.some(
        (origin) => origin.module?.type === 'consume-shared-module' && reached.has(origin.module),
      );
      if (!fromEntry && !sharedFallback) continue;
      included.add(group);
      grew = true;
      for (const module of modulesOf(group)) reached.add(module);
      for (const chunk of group.chunks) {
        for (const file of chunk.files) if (file.endsWith('.js')) files.add(file);
      }
    }
  }
  return files;
}
