// The values some of Chakra's semantic colour tokens get for WCAG AA contrast, in both themes. They
// live only in the page's CSS variables, written at build time from `cssSystem` (./global-css.tsx):
// in the browser a token is just the name of its variable, so the sign-in page does not carry these
// values or the code that makes them. The contrast test (./badges.test.tsx) reads `cssSystem`.
import { createSystem, defaultBaseConfig } from '@chakra-ui/react';
import { consoleConfig } from './system';

/**
 * Chakra's solid green, teal and orange (the 600 shades) under white text are 3.3–3.7:1, below the
 * 4.5:1 WCAG AA asks of button labels (the Approve button is solid green); the 700 shades are 5.0–5.5:1.
 * Both themes use the 700 shade under white (Chakra's dark orange puts black on it: 2.7:1).
 */
const STRONGER_SOLIDS: Record<string, string> = {
  green: '{colors.green.700}',
  teal: '{colors.teal.700}',
  orange: '{colors.orange.700}',
};

function withStrongerSolids<T extends object>(colors: T): T {
  const entries = Object.entries(colors).map(([palette, group]) => {
    const solid = STRONGER_SOLIDS[palette];
    if (!solid || typeof group !== 'object' || group === null) return [palette, group];
    return [palette, { ...group, solid: { value: solid }, contrast: { value: '{colors.white}' } }];
  });
  return Object.fromEntries(entries) as T;
}

/**
 * Chakra's focus rings (the 500 shades; gray 400) are 1.7–2.8:1 on the light surfaces for gray, yellow,
 * green, teal and orange, below the 3:1 WCAG 2.1 asks of a focus indicator; their 700 shades are
 * 4.5:1 or more. The dark theme's rings are Chakra's own (5:1 and more on its surfaces).
 */
const FAINT_FOCUS_RINGS = ['gray', 'yellow', 'green', 'teal', 'orange'];

function withVisibleFocusRings<T extends object>(colors: T): T {
  const entries = Object.entries(colors).map(([palette, group]) => {
    if (!FAINT_FOCUS_RINGS.includes(palette) || typeof group !== 'object' || group === null)
      return [palette, group];
    const dark = palette === 'gray' ? 400 : 500;
    const focusRing = { value: { _light: `{colors.${palette}.700}`, _dark: `{colors.${palette}.${dark}}` } };
    return [palette, { ...group, focusRing }];
  });
  return Object.fromEntries(entries) as T;
}

/**
 * Chakra's light error, warning and success text (red 500, orange 600, green 600: 3.0–3.8:1 on the
 * console's surfaces) is too faint for text such as a field's error message; the 700 shades are
 * 4.9–6.3:1 on every light surface. The dark values are Chakra's own.
 */
function withReadableStatusText<T extends { fg?: object }>(colors: T): T {
  const status = (palette: string, dark: number) => ({
    value: { _light: `{colors.${palette}.700}`, _dark: `{colors.${palette}.${dark}}` },
  });
  return {
    ...colors,
    fg: {
      ...colors.fg,
      error: status('red', 400),
      warning: status('orange', 300),
      success: status('green', 300),
    },
  };
}

const theme = consoleConfig.theme ?? {};
const semanticTokens = theme.semanticTokens ?? {};

/** The console's system with the contrast values: what the page's CSS variables are written from. */
export const cssSystem = createSystem(defaultBaseConfig, {
  ...consoleConfig,
  theme: {
    ...theme,
    semanticTokens: {
      ...semanticTokens,
      colors: withReadableStatusText(withVisibleFocusRings(withStrongerSolids(semanticTokens.colors ?? {}))),
    },
  },
});
