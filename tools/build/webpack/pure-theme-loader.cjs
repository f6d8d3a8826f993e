// Chakra's theme module (@chakra-ui/react/dist/esm/theme/index.js) builds its default config with
// `const defaultThemeConfig = defineConfig({ … recipes, slotRecipes … })`. `defineConfig` is an
// identity function, but webpack cannot know that a call is free of side effects, so the unused
// default config kept every recipe of Chakra (date picker, combobox, carousel …) in the design chunk
// even though shared-ui/src/system.ts builds its own system from a few recipes. Marking the call
// `#__PURE__` lets webpack drop it and the recipes only it uses.
const CALL = 'const defaultThemeConfig = defineConfig(';

module.exports = function pureThemeLoader(source) {
  if (!source.includes(CALL)) {
    // A Chakra upgrade changed the module: fail the build rather than silently ship every recipe.
    throw new Error(`pure-theme-loader: "${CALL}" not found in ${this.resourcePath}`);
  }
  return source.replace(CALL, 'const defaultThemeConfig = /* @__PURE__ */ defineConfig(');
};
