// Values that webpack's DefinePlugin writes into the bundle at build time (tools/build/webpack/create-config.js).
declare const process: {
  env: {
    PRODUCT_NAME: string;
    APP_ENV: string;
    /** This build's id (names a release; shown in the About list). */
    BUILD_ID: string;
    /** JSON: the version this build provides of each shared singleton, e.g. {"shared-ui":"0.1.0"}. */
    SHARED_VERSIONS: string;
  };
};
