// jsdom lacks a few browser APIs that Chakra/Ark components touch while rendering.
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

afterEach(() => cleanup());

// findBy… and waitFor wait up to 5 s for what must appear (Testing Library's default is 1 s): with
// every package's tests at once on two slow cores, a Chakra form's validation render has taken
// longer than a second. A test still fails when the thing never appears.
configure({ asyncUtilTimeout: 5_000 });

// Not in a test file that runs in Node (`@vitest-environment node`, as the build-time renders do).
if (typeof window !== 'undefined') {
  if (!window.matchMedia) {
    window.matchMedia = (query: string) =>
      ({
        matches: false,
        media: query,
        onchange: null,
        addListener: () => undefined,
        removeListener: () => undefined,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
        dispatchEvent: () => false,
      }) as MediaQueryList;
  }

  if (!('ResizeObserver' in window)) {
    // As in browsers, an element is reported once when it starts being observed (jsdom lays nothing
    // out, so its size is zero); code that measures on that first report is exercised as it runs.
    class ResizeObserverStub {
      constructor(private readonly callback: ResizeObserverCallback) {}
      observe(target: Element) {
        queueMicrotask(() => {
          const box = [{ inlineSize: 0, blockSize: 0 }];
          const entry = {
            target,
            contentRect: target.getBoundingClientRect(),
            borderBoxSize: box,
            contentBoxSize: box,
            devicePixelContentBoxSize: box,
          } as unknown as ResizeObserverEntry;
          this.callback([entry], this as unknown as ResizeObserver);
        });
      }
      unobserve() {}
      disconnect() {}
    }
    (window as unknown as { ResizeObserver: unknown }).ResizeObserver = ResizeObserverStub;
  }

  if (!Element.prototype.scrollTo) Element.prototype.scrollTo = () => undefined;
}
