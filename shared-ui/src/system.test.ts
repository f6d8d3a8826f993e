import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it, vi } from 'vitest';
import { PALETTES, providerSystem, system } from './system';

// Each re-exported component looks its recipe up by key; a missing one renders unstyled silently.
// The core entry's components (the sign-in page and every page frame) are in the system itself.
const CORE_RECIPES = [
  'badge',
  'button',
  'container',
  'heading',
  'icon',
  'input',
  'inputAddon',
  'link',
  'separator',
  'skeleton',
  'spinner',
];
const CORE_SLOT_RECIPES = ['alert', 'breadcrumb', 'card', 'field'];
// The subpath entries' and the notice area's, added when the first of them loads (entry-recipes.ts).
const ENTRY_RECIPES = ['checkmark', 'textarea'];
const ENTRY_SLOT_RECIPES = [
  'avatar',
  'checkbox',
  'dialog',
  'drawer',
  'fieldset',
  'menu',
  'nativeSelect',
  'progress',
  'stat',
  'switch',
  'table',
  'toast',
];

describe('system', () => {
  it('holds the recipes of the core components, and those of the entries once one has loaded', async () => {
    // A fresh module graph: another file of the same worker may have loaded an entry already.
    vi.resetModules();
    const { system } = await import('./system');
    for (const key of CORE_RECIPES) expect(system.isRecipe(key), key).toBe(true);
    for (const key of CORE_SLOT_RECIPES) expect(system.isSlotRecipe(key), key).toBe(true);
    // Not on the sign-in page: none of its components needs them.
    for (const key of ENTRY_RECIPES) expect(system.isRecipe(key), key).toBe(false);
    for (const key of ENTRY_SLOT_RECIPES) expect(system.isSlotRecipe(key), key).toBe(false);

    await import('./entry/table');
    for (const key of ENTRY_RECIPES) expect(system.isRecipe(key), key).toBe(true);
    for (const key of ENTRY_SLOT_RECIPES) expect(system.isSlotRecipe(key), key).toBe(true);
    expect(system.getSlotRecipe('table')).toBeTruthy();
    expect(system.isSlotRecipe('colorPicker')).toBe(false);
    expect(system.isSlotRecipe('datePicker')).toBe(false);
  });

  it.each(['dialog', 'form', 'display', 'table'])(
    'the %s entry adds the entry recipes when it loads',
    (entry) => {
      const file = path.join(path.dirname(fileURLToPath(import.meta.url)), 'entry', `${entry}.ts`);
      expect(readFileSync(file, 'utf8')).toMatch(/^addEntryRecipes\(\);$/m);
    },
  );

  it('has the default tokens', () => {
    expect(system.token('colors.blue.500')).toBeTruthy();
    expect(system.token('spacing.4')).toBe('1rem');
  });

  it('has the palettes the console uses, and not the others', () => {
    for (const palette of PALETTES) {
      expect(system.token(`colors.${palette}.500`), palette).toBeTruthy();
      expect(system.token(`colors.${palette}.solid`), palette).toBeTruthy();
    }
    expect(system.token('colors.cyan.500')).toBeUndefined();
    expect(system.token('colors.pink.500')).toBeUndefined();
  });

  it('gives the provider no global styles to render, and the same styling engine otherwise', () => {
    expect(providerSystem._global).toEqual([]);
    expect(providerSystem._config.disableLayers).toBe(true);
    // The system's own config keeps its cascade layers for the recipes.
    expect(system._config.disableLayers).toBeFalsy();
    expect(providerSystem.css).toBe(system.css);
    expect(providerSystem.getRecipeFn).toBe(system.getRecipeFn);
    expect(providerSystem._config.theme).toBe(system._config.theme);
    expect(providerSystem.css({ color: 'blue.500' })).toEqual(system.css({ color: 'blue.500' }));
  });
});
