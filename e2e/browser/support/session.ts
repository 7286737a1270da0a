import type { Browser, Page } from 'playwright-core';
import { ptBR } from '@atendo/web/i18n';

/**
 * A fresh browser context (pt-BR, desktop size) logged in through the console's login form as
 * `credentials`, once the console has landed on /tickets.
 */
export async function openLoggedIn(
  browser: Browser,
  consoleUrl: string,
  credentials: { email: string; password: string },
  timeoutMs: number,
): Promise<Page> {
  const context = await browser.newContext({
    locale: 'pt-BR',
    viewport: { width: 1400, height: 900 },
  });
  const page = await context.newPage();
  reportTrouble(page, credentials.email);
  await page.goto(`${consoleUrl}/login`);
  await page.getByLabel(ptBR.login.email, { exact: true }).fill(credentials.email);
  await page.getByLabel(ptBR.login.password, { exact: true }).fill(credentials.password);
  await page.getByRole('button', { name: ptBR.login.submit, exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/tickets', { timeout: timeoutMs });
  return page;
}

/**
 * Writes a page's crash, uncaught errors and console errors to stderr with the user they belong
 * to, so a browser test that times out on a hung or crashed page says why in CI's log.
 */
function reportTrouble(page: Page, who: string): void {
  const say = (what: string) => process.stderr.write(`[browser ${who}] ${what}\n`);
  page.on('crash', () => say('the page crashed'));
  page.on('pageerror', (error) => say(`uncaught: ${error.stack ?? error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') say(`console.error: ${message.text()}`);
  });
}
