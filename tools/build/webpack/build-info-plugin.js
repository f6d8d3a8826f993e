import webpack from 'webpack';

/**
 * Writes build-info.json into the build: the app's name, build id, package version, build time and,
 * for a remote, the minimum host version it declares (package.json "console.minHostVersion"). The
 * release tool and its compatibility gate (tools/build/release) read it beside mf-manifest.json.
 */
export class BuildInfoPlugin {
  constructor(info) {
    this.info = info;
  }
  apply(compiler) {
    compiler.hooks.thisCompilation.tap('BuildInfoPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'BuildInfoPlugin', stage: webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
        () => {
          const info = { ...this.info, builtAt: new Date().toISOString() };
          if (info.minHostVersion === undefined) delete info.minHostVersion;
          compilation.emitAsset(
            'build-info.json',
            new webpack.sources.RawSource(`${JSON.stringify(info, null, 2)}\n`),
          );
        },
      );
    });
  }
}
