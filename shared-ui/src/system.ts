// The console's Chakra system: Chakra's base config (conditions and style props, no tokens, no
// recipes) plus the default tokens and only the recipes of the components shared-ui re-exports.
// defaultSystem would pull every recipe (color picker, date picker, carousel …) into the one shared
// design chunk that the host and every remote load (DESIGN.md "Module Federation").
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

const consoleConfig = defineConfig({
  preflight: true,
  cssVarsPrefix,
  cssVarsRoot,
  globalCss: {
    ...globalCss,
    // Light mode only: no colour-mode switch, so form controls and scrollbars stay light too.
    html: { ...globalCss.html, colorScheme: 'light' },
    body: { minHeight: '100dvh', bg: 'bg.subtle' },
  },
  theme: {
    breakpoints,
    keyframes,
    tokens,
    semanticTokens,
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
