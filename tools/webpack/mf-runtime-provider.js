// Built on its own by ExternalRuntimeProviderPlugin (external-runtime-plugin.js) into a remote's
// `mf-runtime.<hash>.js`, which the remote's standalone page runs before its main.js. It publishes
// this build's Module Federation runtime core where a build made with `experiments.externalRuntime`
// looks for it, as the host's inject-external-runtime-core plugin does inside the console.
/* global __MF_PROVIDER__ -- { name, version }, set by the provider build's DefinePlugin */
import * as runtimeCore from '@module-federation/runtime-tools/runtime-core';

const globalRef = runtimeCore.Global;
if (globalRef && !globalRef._FEDERATION_RUNTIME_CORE) {
  globalRef._FEDERATION_RUNTIME_CORE = runtimeCore;
  globalRef._FEDERATION_RUNTIME_CORE_FROM = __MF_PROVIDER__;
}
