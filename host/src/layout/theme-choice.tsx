import { useEffect, useState } from 'react';
import { THEME_CHOICES, THEME_STORAGE_KEY } from 'shared-contracts';
import { Button, ButtonGroup, Text } from 'shared-ui';

export type ThemeChoice = (typeof THEME_CHOICES)[number];

const LABELS: Record<ThemeChoice, string> = { light: 'Light', dark: 'Dark', system: 'System' };
const SYSTEM_DARK = '(prefers-color-scheme: dark)';

/** This browser's stored choice; 'system' when none is stored or the storage cannot be read. */
export function readThemeChoice(): ThemeChoice {
  try {
    const stored = localStorage.getItem(THEME_STORAGE_KEY);
    return stored === 'light' || stored === 'dark' ? stored : 'system';
  } catch {
    return 'system';
  }
}

/**
 * Puts the theme on <html> as the page's boot script does at load (`dark` or `light`, which the
 * build-time CSS variables of both colour sets follow), so switching repaints and renders nothing.
 */
export function applyThemeChoice(choice: ThemeChoice): void {
  const dark = choice === 'dark' || (choice === 'system' && matchMedia(SYSTEM_DARK).matches);
  document.documentElement.classList.toggle('dark', dark);
  document.documentElement.classList.toggle('light', !dark);
}

/** Stores the choice for this browser ('system' is the absence of one) and applies it. */
export function setThemeChoice(choice: ThemeChoice): void {
  try {
    if (choice === 'system') localStorage.removeItem(THEME_STORAGE_KEY);
    else localStorage.setItem(THEME_STORAGE_KEY, choice);
  } catch {
    // A storage that refuses (privacy mode): the choice holds for this page only.
  }
  applyThemeChoice(choice);
}

/**
 * Light, dark or the system's setting, in the sidebar's user block: three pressed-or-not buttons, so
 * the current choice is visible and each is one click or key press. A choice made in another tab of
 * the console applies here too (the storage event).
 */
export function ThemeChoiceButtons() {
  const [choice, setChoice] = useState<ThemeChoice>(readThemeChoice);

  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key !== THEME_STORAGE_KEY && event.key !== null) return;
      const next = readThemeChoice();
      setChoice(next);
      applyThemeChoice(next);
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);

  return (
    <>
      <Text id="theme-choice-label" fontSize="xs" color="fg.muted" mb="1">
        Theme
      </Text>
      <ButtonGroup role="group" aria-labelledby="theme-choice-label" size="xs" attached w="full" mb="3">
        {THEME_CHOICES.map((option) => (
          <Button
            key={option}
            flex="1"
            variant={choice === option ? 'solid' : 'outline'}
            aria-pressed={choice === option}
            onClick={() => {
              setChoice(option);
              setThemeChoice(option);
            }}
          >
            {LABELS[option]}
          </Button>
        ))}
      </ButtonGroup>
    </>
  );
}
