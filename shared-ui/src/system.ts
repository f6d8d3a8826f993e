// The console's Chakra system: Chakra's base config (conditions and style props, no tokens, no
// recipes) plus the default tokens and only the recipes of the components shared-ui re-exports.
// defaultSystem would pull every recipe (color picker, date picker, carousel …) into the one shared
// design chunk that the host and every remote load.
// The system holds the recipes of the core entry's components (the sign-in page and every page
// frame); those of the components in the subpath entries and of the notice area are added by
// ./entry-recipes.ts when the first of those loads, so the sign-in page does not carry them.
import { createSystem, defaultBaseConfig, defineConfig } from '@chakra-ui/react';
import {
  alertSlotRecipe,
  animationStyles,
  badgeRecipe,
  breadcrumbSlotRecipe,
  breakpoints,
  buttonRecipe,
  cardSlotRecipe,
  containerRecipe,
  cssVarsPrefix,
  cssVarsRoot,
  fieldSlotRecipe,
  globalCss,
  headingRecipe,
  iconRecipe,
  inputAddonRecipe,
  inputRecipe,
  keyframes,
  layerStyles,
  linkRecipe,
  semanticTokens,
  separatorRecipe,
  skeletonRecipe,
  spinnerRecipe,
  textStyles,
  tokens,
} from '@chakra-ui/react/theme';

/** The colour palettes the console uses (badges, buttons, alerts); Chakra's others are dropped. */
export const PALETTES = ['gray', 'red', 'orange', 'yellow', 'green', 'teal', 'blue', 'purple'] as const;
const UNUSED_PALETTES = ['cyan', 'pink'];

/** A token group without the colour palettes the console does not use. */
function withoutUnusedPalettes<T extends object>(colors: T): T {
  return Object.fromEntries(Object.entries(colors).filter(([key]) => !UNUSED_PALETTES.includes(key))) as T;
}

/** The console's config; the page's CSS variables are built from it with ./contrast-overrides.ts. */
export const consoleConfig = defineConfig({
  preflight: true,
  cssVarsPrefix,
  cssVarsRoot,
  globalCss: {
    ...globalCss,
    // Form controls and scrollbars follow the theme the page's boot script chose (.light / .dark
    // on <html>, shared-contracts/src/theme.js).
    html: { ...globalCss.html, colorScheme: 'light', '&.dark': { colorScheme: 'dark' } },
    body: { minHeight: '100dvh', bg: 'bg.subtle' },
  },
  theme: {
    breakpoints,
    keyframes,
    tokens: { ...tokens, colors: withoutUnusedPalettes(tokens.colors ?? {}) },
    // Both colour sets: their variables are written at build time (light under :root, dark under
    // .dark), so switching theme is one class on <html> and no work for the styling engine. The
    // values some tokens get for contrast (./contrast-overrides.ts) are only in those variables: in
    // the browser a token is only its variable's name, so the page does not carry them.
    semanticTokens: {
      ...semanticTokens,
      colors: withoutUnusedPalettes(semanticTokens.colors ?? {}),
    },
    textStyles,
    layerStyles,
    animationStyles,
    // Keyed as Chakra's components look them up (createRecipeContext({ key })).
    recipes: {
      badge: badgeRecipe,
      button: buttonRecipe,
      container: containerRecipe,
      heading: headingRecipe,
      icon: iconRecipe,
      input: inputRecipe,
      inputAddon: inputAddonRecipe,
      link: linkRecipe,
      separator: separatorRecipe,
      skeleton: skeletonRecipe,
      spinner: spinnerRecipe,
    },
    slotRecipes: {
      alert: alertSlotRecipe,
      breadcrumb: breadcrumbSlotRecipe,
      card: cardSlotRecipe,
      field: fieldSlotRecipe,
    },
  },
});

/** The console's Chakra styling engine: base config, default tokens, only the recipes we use. */
export const system = createSystem(defaultBaseConfig, consoleConfig);

/**
 * The system as UiProvider gives it to ChakraProvider: the same styling engine, but with no global
 * styles for the provider to render. The cascade layer order, the reset, the global CSS and the token
 * variables are written into every page's HTML at build time (./global-css.tsx,
 * tools/build/webpack/global-css-plugin.js) instead of being computed, serialized and inserted by Emotion
 * in the browser on every first load; in the browser build Chakra's createSystem does not compute
 * them either (tools/build/webpack/lazy-global-css-loader.cjs). `disableLayers` here only stops the
 * provider from inserting the layer order again: the recipes' layers come from the system's own
 * config, which this copy leaves as it is (its `theme` is the same object, so addRecipes reaches it).
 */
export const providerSystem: typeof system = Object.create(Object.getPrototypeOf(system) as object, {
  ...Object.getOwnPropertyDescriptors(system),
  _global: { value: [], enumerable: true },
  _config: { value: { ...system._config, disableLayers: true }, enumerable: true },
}) as typeof system;

type Recipes = NonNullable<NonNullable<typeof consoleConfig.theme>['recipes']>;
type SlotRecipes = NonNullable<NonNullable<typeof consoleConfig.theme>['slotRecipes']>;

/**
 * Adds recipes to the system. Chakra looks a recipe up by key in the system's theme when a component
 * first renders (system.getRecipeFn / getSlotRecipeFn, then cached), so recipes added before any of
 * their components renders style them exactly as if createSystem had been given them.
 */
export function addRecipes({
  recipes = {},
  slotRecipes = {},
}: {
  recipes?: Recipes;
  slotRecipes?: SlotRecipes;
}) {
  const theme = system._config.theme;
  if (!theme?.recipes || !theme.slotRecipes) throw new Error('addRecipes: the system has no recipes');
  Object.assign(theme.recipes, recipes);
  Object.assign(theme.slotRecipes, slotRecipes);
}
