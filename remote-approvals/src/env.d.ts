// Values that webpack's DefinePlugin writes into the bundle at build time (tools/build/webpack/create-config.js).
declare const process: { env: { PRODUCT_NAME: string; APP_ENV: string } };
