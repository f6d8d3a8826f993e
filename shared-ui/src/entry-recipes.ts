// The recipes of the components that only the subpath entries (table, dialog, form, display) and the
// notice area use. Each of those calls addEntryRecipes() when it loads, so the core system (./system.ts)
// and the sign-in page do not carry them; an entry's components may use another entry's (a table's
// checkbox, a dialog's text area), so every one adds them all.
import {
  avatarSlotRecipe,
  checkboxSlotRecipe,
  checkmarkRecipe,
  colorSwatchRecipe,
  dialogSlotRecipe,
  drawerSlotRecipe,
  fieldsetSlotRecipe,
  menuSlotRecipe,
  nativeSelectSlotRecipe,
  progressSlotRecipe,
  statSlotRecipe,
  switchSlotRecipe,
  tableSlotRecipe,
  textareaRecipe,
  toastSlotRecipe,
} from '@chakra-ui/react/theme';
import { addRecipes } from './system';

let added = false;

/** Adds the entries' recipes to the system (once); call it before any of their components renders. */
export function addEntryRecipes(): void {
  if (added) return;
  added = true;
  // Keyed as Chakra's components look them up (createRecipeContext({ key })).
  addRecipes({
    recipes: { checkmark: checkmarkRecipe, colorSwatch: colorSwatchRecipe, textarea: textareaRecipe },
    slotRecipes: {
      avatar: avatarSlotRecipe,
      checkbox: checkboxSlotRecipe,
      dialog: dialogSlotRecipe,
      drawer: drawerSlotRecipe,
      fieldset: fieldsetSlotRecipe,
      menu: menuSlotRecipe,
      nativeSelect: nativeSelectSlotRecipe,
      progress: progressSlotRecipe,
      stat: statSlotRecipe,
      switch: switchSlotRecipe,
      table: tableSlotRecipe,
      toast: toastSlotRecipe,
    },
  });
}
