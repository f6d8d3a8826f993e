// A page that must fill the whole screen (Access Denied) is rendered by a remote deep inside
// the host's layout. It asks the layout to step aside through this context instead of portalling over
// it, so the sidebar really leaves the page (no hidden links behind the view for keyboard users).
import { createContext, useContext, useLayoutEffect, useMemo, useState, type ReactNode } from 'react';

interface FullScreenControl {
  /** Registers one full-screen view; returns its release. */
  enter: () => () => void;
}

const FullScreenContext = createContext<FullScreenControl | null>(null);

/**
 * State for a layout that can hide its chrome: `fullScreen` is true while any view asked for it.
 * The layout wraps its content in `<FullScreenProvider value={control}>` and keeps the outlet at the
 * same place in its tree in both modes (so the view is not remounted).
 * @example const { fullScreen, control } = useFullScreenState(); … {!fullScreen && <Sidebar />}
 */
export function useFullScreenState(): { fullScreen: boolean; control: FullScreenControl } {
  const [count, setCount] = useState(0);
  const control = useMemo<FullScreenControl>(
    () => ({
      enter: () => {
        setCount((value) => value + 1);
        let released = false;
        return () => {
          if (released) return;
          released = true;
          setCount((value) => value - 1);
        };
      },
    }),
    [],
  );
  return { fullScreen: count > 0, control };
}

/** Lets the views below a layout ask it to hide its chrome (see useFullScreenState). */
export function FullScreenProvider({ value, children }: { value: FullScreenControl; children: ReactNode }) {
  return <FullScreenContext.Provider value={value}>{children}</FullScreenContext.Provider>;
}

/**
 * While the calling view is mounted, the surrounding layout hides its sidebar and header. A layout
 * effect, so the layout changes before the first paint (no flash of the sidebar). No-op outside a layout.
 */
export function useFullScreenView(): void {
  const control = useContext(FullScreenContext);
  useLayoutEffect(() => control?.enter(), [control]);
}
