// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readThemeChoice, setThemeChoice } from './theme-choice';

describe('the theme choice', () => {
  let systemDark = false;
  beforeEach(() => {
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: systemDark && query.includes('dark') }));
    localStorage.clear();
    document.documentElement.className = '';
  });
  afterEach(() => vi.unstubAllGlobals());

  const classes = () => document.documentElement.className;

  it("is 'system' when nothing or something unknown is stored", () => {
    expect(readThemeChoice()).toBe('system');
    localStorage.setItem('console-theme', 'sepia');
    expect(readThemeChoice()).toBe('system');
  });

  it('stores light and dark and puts the class on <html>', () => {
    setThemeChoice('dark');
    expect(localStorage.getItem('console-theme')).toBe('dark');
    expect(readThemeChoice()).toBe('dark');
    expect(classes()).toBe('dark');
    setThemeChoice('light');
    expect(readThemeChoice()).toBe('light');
    expect(classes()).toBe('light');
  });

  it("follows the system's setting for 'system', and stores nothing for it", () => {
    setThemeChoice('light');
    systemDark = true;
    setThemeChoice('system');
    expect(localStorage.getItem('console-theme')).toBeNull();
    expect(classes()).toBe('dark');
    systemDark = false;
    setThemeChoice('system');
    expect(classes()).toBe('light');
  });

  it('still applies the choice when the storage refuses it', () => {
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new Error('QuotaExceededError');
    });
    setThemeChoice('dark');
    expect(classes()).toBe('dark');
    vi.restoreAllMocks();
  });
});
