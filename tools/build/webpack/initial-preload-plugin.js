import HtmlWebpackPlugin from 'html-webpack-plugin';

/**
 * Adds `<link rel="preload" as="script">` to the page for every file its entry loads before anything
 * renders: the chunks the entry module imports (the async boundary and its stages) and, following
 * them, the chunks this build provides the shared singletons those chunks consume from — transitively,
 * since a shared package consumes others. Without it the browser learns of those files only after main.js has
 * arrived and run, one round trip later; with the entry's staged imports (host/src/index.ts) it would
 * learn of each only after the previous stage ran.
 *
 * Lazy chunks (the signed-in layout, the dashboard, a section's routes) are not preloaded: their
 * origin is an ordinary import() inside a chunk, not the entry or a provided shared module, so the
 * sign-in page never pays for them.
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

/**
 * The JavaScript files of the chunk groups reached from the entry's imports and, for every shared module
 * those chunks consume, of the chunk group this build provides it from (the one the federation runtime
 * loads, since the page's own build registers its shared modules first), transitively.
 *
 * Not the consume fallback's chunk group: webpack often places the same module in a second chunk as the
 * fallback for when no build provides it, which never happens here; preloading those fetched a second,
 * unused copy of jotai and react-dom.
 */
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
  // Share keys consumed by what is reached so far ('react', 'shared-ui/table' …).
  const consumed = new Set();
  const reach = (module) => {
    if (module.type === 'consume-shared-module' && module.options?.shareKey) {
      consumed.add(module.options.shareKey);
    }
  };
  for (const module of entryModules) reach(module);
  let grew = true;
  while (grew) {
    grew = false;
    for (const group of compilation.chunkGroups) {
      if (included.has(group) || group.isInitial()) continue;
      const fromEntry = group.origins.some((origin) => origin.module && entryModules.has(origin.module));
      const provided = group.origins.some(
        (origin) => origin.module?.type === 'provide-module' && consumed.has(origin.module._name),
      );
      if (!fromEntry && !provided) continue;
      included.add(group);
      grew = true;
      for (const module of modulesOf(group)) reach(module);
      for (const chunk of group.chunks) {
        for (const file of chunk.files) if (file.endsWith('.js')) files.add(file);
      }
    }
  }
  return files;
}
