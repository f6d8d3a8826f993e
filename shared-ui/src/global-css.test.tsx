// @vitest-environment node
// Node, as at build time: in a DOM environment Emotion inserts the styles instead of rendering them.
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { renderGlobalCss } from './global-css';
import { system } from './system';

const require = createRequire(import.meta.url);
const loader = require('../../tools/build/webpack/lazy-global-css-loader.cjs') as (
  this: { resourcePath: string },
  source: string,
) => string;

describe('the global styles written into the pages at build time', () => {
  const css = renderGlobalCss();

  it('start with the cascade layer order, then the reset, global CSS and token variables', () => {
    expect(css.startsWith('@layer reset,base,tokens,recipes;')).toBe(true);
    expect(css).toContain('@layer reset{');
    expect(css).toContain('@layer base{');
    expect(css).toContain('@layer tokens{');
    expect(css).toContain('--chakra-colors-blue-500:');
    // The semantic tokens the recipes use, in both themes: light on :root, dark under .dark (the
    // class the page's theme script puts on <html>), with the form controls' colour scheme.
    expect(css).toContain(':root,.light{--chakra-colors-bg:var(--chakra-colors-white);');
    expect(css).toContain('--chakra-colors-bg-subtle:var(--chakra-colors-gray-50)');
    expect(css).toContain('.dark .chakra-theme:not(.light){--chakra-colors-bg:var(--chakra-colors-black);');
    expect(css).toContain('html.dark{-webkit-print-color-scheme:dark;color-scheme:dark;}');
    // The contrast values (./contrast-overrides.ts) are in the variables, not in the browser's system.
    expect(css).toContain('--chakra-colors-fg-error:var(--chakra-colors-red-700)');
    expect(css).toContain('--chakra-colors-green-solid:var(--chakra-colors-green-700)');
    expect(system.tokens.getByName('colors.fg.error')?.extensions.conditions).toEqual({
      _light: '{colors.red.500}',
      _dark: '{colors.red.400}',
    });
    expect(css).not.toContain('--chakra-colors-pink-');
  });

  it('are exactly what Chakra would have inserted in the browser', () => {
    // Emotion serializes the same objects the provider renders: same layer order, same blocks.
    expect(system.layers.atRule).toBe('@layer reset, base, tokens, recipes;');
    expect(system._global).toHaveLength(3);
    expect(css.length).toBeGreaterThan(20_000);
  });
});

describe('lazy-global-css-loader', () => {
  const resourcePath = 'system.js';
  const file = require
    .resolve('@chakra-ui/react')
    .replace(/dist[\\/](cjs|esm)[\\/]index\.c?js$/, 'dist/esm/styled-system/system.js');

  it("turns createSystem's eager global styles into a getter computed on first read", () => {
    const source = readFileSync(file, 'utf8');
    const output = loader.call({ resourcePath: file }, source);
    expect(output).not.toContain('const _global = [');
    expect(output).toContain('get _global() {');
    expect(output).toMatch(
      /return _global \|\| \(_global = \[getPreflightCss\(\), getGlobalCss\(\), getTokenCss\(\)\]\);/,
    );
  });

  it('fails the build when Chakra changes that code', () => {
    expect(() => loader.call({ resourcePath }, 'export function createSystem() {}')).toThrow(
      /lazy-global-css-loader/,
    );
  });
});
