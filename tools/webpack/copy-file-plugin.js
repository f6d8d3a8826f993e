import { readFileSync } from 'node:fs';
import webpack from 'webpack';

/** Emits one file from disk into the build output as is (avoids a copy-webpack-plugin dependency). */
export default class CopyFilePlugin {
  constructor(from, to) {
    this.from = from;
    this.to = to;
  }
  apply(compiler) {
    compiler.hooks.thisCompilation.tap('CopyFilePlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'CopyFilePlugin', stage: webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
        () => {
          compilation.fileDependencies.add(this.from);
          compilation.emitAsset(this.to, new webpack.sources.RawSource(readFileSync(this.from)));
        },
      );
    });
  }
}
