import { cleanup, configure } from '@testing-library/react';
import { toast } from 'sonner';
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

  // findBy*/waitFor wait up to 5 s: the first render of a file is slow on a busy 2-core machine.
  configure({ asyncUtilTimeout: 5000 });

  afterEach(() => {
    cleanup();
    localStorage.clear();
    // Sonner keeps its toasts between tests: a text a test finds must come from that test.
    toast.dismiss();
  });
}
