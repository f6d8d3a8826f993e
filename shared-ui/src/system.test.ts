import { describe, expect, it } from 'vitest';
import { system } from './system';

// Each re-exported component looks its recipe up by key; a missing one renders unstyled silently.
const RECIPES = [
  'badge',
  'button',
  'checkmark',
  'container',
  'heading',
  'icon',
  'input',
  'inputAddon',
  'link',
  'separator',
  'skeleton',
  'spinner',
  'textarea',
];
const SLOT_RECIPES = [
  'alert',
  'avatar',
  'breadcrumb',
  'card',
  'checkbox',
  'dialog',
  'drawer',
  'field',
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
  it('holds the recipes of every re-exported component and nothing unused', () => {
    for (const key of RECIPES) expect(system.isRecipe(key), key).toBe(true);
    for (const key of SLOT_RECIPES) expect(system.isSlotRecipe(key), key).toBe(true);
    expect(system.isSlotRecipe('colorPicker')).toBe(false);
    expect(system.isSlotRecipe('datePicker')).toBe(false);
  });

  it('has the default tokens', () => {
    expect(system.token('colors.blue.500')).toBeTruthy();
    expect(system.token('spacing.4')).toBe('1rem');
  });
});
