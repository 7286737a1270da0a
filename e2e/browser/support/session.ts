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
  await page.goto(`${consoleUrl}/login`);
  await page.getByLabel(ptBR.login.email, { exact: true }).fill(credentials.email);
  await page.getByLabel(ptBR.login.password, { exact: true }).fill(credentials.password);
  await page.getByRole('button', { name: ptBR.login.submit, exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/tickets', { timeout: timeoutMs });
  return page;
}
