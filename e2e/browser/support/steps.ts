import type { Page } from 'playwright-core';

/** What a failed step reports besides its own error, read when the step fails. */
export interface StepScene {
  /** The page the flow was on: its address goes into the failure. */
  page?: Page;
  /** Uncaught errors that page threw so far. */
  pageErrors?: readonly string[];
  /** Also quote the page's visible text (its first 2000 characters). */
  showText?: boolean;
}

/**
 * A `step(name, work)` for one test file: it runs `work` and, if that fails, throws an error that
 * names the step and what `scene()` says about the page then, so a browser flow that breaks in CI
 * says where it broke.
 */
export function stepRunner(scene: () => StepScene = () => ({})) {
  return async function step(name: string, work: () => Promise<void>): Promise<void> {
    try {
      await work();
    } catch (err) {
      const reason = err instanceof Error ? err.message : String(err);
      const { page, pageErrors = [], showText = false } = scene();
      const where = page ? ` at ${page.url()}` : '';
      const errors = pageErrors.length ? `; page errors: ${pageErrors.join(' | ')}` : '';
      const shown =
        page && showText
          ? await page
              .locator('body')
              .innerText({ timeout: 2000 })
              .catch(() => '')
          : '';
      const text = shown ? `\npage:\n${shown.slice(0, 2000)}` : '';
      throw new Error(`step "${name}" failed${where}: ${reason}${errors}${text}`, { cause: err });
    }
  };
}

/**
 * Polls `check` until it answers something other than `undefined` or `false` and returns that
 * answer; a check that throws counts as not yet. Fails naming `what` after `timeoutMs`.
 */
export async function until<T>(
  check: () => Promise<T | undefined | false>,
  what: string,
  timeoutMs: number,
): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await check().catch(() => undefined);
    if (value !== undefined && value !== false) return value;
    if (Date.now() > end) throw new Error(`${what}: not met within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 250));
  }
}
