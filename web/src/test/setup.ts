import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

class NoopResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}

// jsdom lacks what Radix primitives and the theme read from a real browser.
if (typeof window !== 'undefined') {
  globalThis.ResizeObserver ??= NoopResizeObserver;
  Element.prototype.scrollIntoView ??= function scrollIntoView() {};
  Element.prototype.hasPointerCapture ??= () => false;
  Element.prototype.releasePointerCapture ??= () => {};
  window.matchMedia ??= (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;

  afterEach(() => {
    cleanup();
    localStorage.clear();
  });
}
