import { useSyncExternalStore } from 'react';

/**
 * Whether a CSS media query matches, following changes (false where matchMedia is missing).
 * @example const phone = useMediaQuery(PHONE_QUERY);
 */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      if (typeof window === 'undefined' || !window.matchMedia) return () => undefined;
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => (typeof window !== 'undefined' && window.matchMedia ? window.matchMedia(query).matches : false),
    () => false,
  );
}

/** Below Chakra's `md` breakpoint (48rem): where lists show cards instead of tables. */
export const PHONE_QUERY = '(max-width: 47.99rem)';
