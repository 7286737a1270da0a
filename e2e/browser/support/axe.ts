import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import type { AxeResults, Result } from 'axe-core';

/** The WCAG levels every console page must meet: A and AA of WCAG 2.0 and 2.1. */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

let source: string | undefined;

/** axe-core's browser build, read once from node_modules. */
function axeSource(): string {
  source ??= fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
  return source;
}

/**
 * Runs axe-core in `page` (injected from disk, never fetched) with the WCAG A/AA rules and
 * answers the violations.
 */
export async function axeViolations(page: Page): Promise<Result[]> {
  // A toast or a dialog half faded in has blended colours: let finite animations end (spinners
  // run forever and are left alone).
  await page
    .waitForFunction(
      () =>
        document
          .getAnimations()
          .every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
      undefined,
      { timeout: 5_000 },
    )
    .catch(() => undefined);
  const injected = await page.evaluate(() => 'axe' in window);
  // Evaluated rather than added as a script tag: a page's CSP cannot refuse it.
  if (!injected) await page.evaluate(axeSource());
  const results = await page.evaluate(
    (tags) =>
      (
        window as unknown as { axe: { run(ctx: Document, o: object): Promise<AxeResults> } }
      ).axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] }),
    WCAG_TAGS,
  );
  return results.violations;
}

/** A violation list a person can act on: rule, impact, the elements and what axe said. */
export function describeViolations(violations: Result[]): string {
  return violations
    .map((v) => {
      const nodes = v.nodes
        .slice(0, 8)
        .map((n) => {
          const html = n.html.replace(/\s+/g, ' ').slice(0, 160);
          const why = n.failureSummary?.split('\n').slice(1).join(' ').trim().slice(0, 200);
          return `    - ${n.target.join(' ')}\n      ${html}${why ? `\n      ${why}` : ''}`;
        })
        .join('\n');
      const more = v.nodes.length > 8 ? `\n    … and ${v.nodes.length - 8} more` : '';
      return `  ${v.id} (${v.impact ?? 'n/a'}): ${v.help}\n${nodes}${more}`;
    })
    .join('\n');
}

/** Fails with a readable list when `page` has any WCAG A/AA violation; `label` names the page. */
export async function expectNoAxeViolations(page: Page, label: string): Promise<void> {
  const violations = await axeViolations(page);
  if (violations.length > 0)
    throw new Error(
      `${label}: ${violations.length} WCAG A/AA violation(s):\n${describeViolations(violations)}`,
    );
}
