import { createApiClient } from '@atendo/api-client';
import fs from 'node:fs';
import pg from 'pg';
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ptBR } from '@atendo/web/i18n';
import { startPlatform, type Platform } from '@atendo/testing/platform';
import { freePort } from '@atendo/testing/ports';
import { expectNoAxeViolations } from './support/axe.js';
import { launchChromium } from './support/chromium.js';
import { buildConsole, serveConsole } from './support/console.js';

/**
 * Issue 26 item 13: the console on a phone (390×844). The drawer is a menu button opening a
 * sheet, not a permanent rail; a ticket opens from the list with the contact's whole name in the
 * header and a composer whose text field keeps the width; a message typed there is sent and
 * stored. Then every page checked has no WCAG 2.0/2.1 A or AA violation (axe-core), at phone
 * and at desktop size.
 */

const DEMO_ADMIN = { email: 'admin@demo.atendo.local', password: 'demo123' };
const CONTACT = { name: 'Fernanda Albuquerque', number: '5511987650077' };
const MESSAGE = 'Olá Fernanda, respondendo pelo celular.';
const LIVE_MS = 30_000;

const PHONE: BrowserContextOptions = {
  locale: 'pt-BR',
  viewport: { width: 390, height: 844 },
  isMobile: true,
  hasTouch: true,
};
const DESKTOP: BrowserContextOptions = { locale: 'pt-BR', viewport: { width: 1280, height: 800 } };

let platform: Platform;
let consoleServer: { url: string; stop(): Promise<void> };
let distDir: string;
let browser: Browser;
let db: pg.Client;
let ticketId: number;
let ticketUuid: string;

async function sql<T>(text: string, params: unknown[] = []): Promise<T[]> {
  return (await db.query(text, params)).rows as T[];
}

/** A fresh context of `options` logged in as the demo admin through the login form, on /tickets. */
async function logIn(options: BrowserContextOptions): Promise<Page> {
  const context = await browser.newContext(options);
  const page = await context.newPage();
  page.on('pageerror', (error) => process.stderr.write(`[browser] uncaught: ${error.message}\n`));
  await page.goto(`${consoleServer.url}/login`);
  await page.getByLabel(ptBR.login.email, { exact: true }).fill(DEMO_ADMIN.email);
  await page.getByLabel(ptBR.login.password, { exact: true }).fill(DEMO_ADMIN.password);
  await page.getByRole('button', { name: ptBR.login.submit, exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/tickets', { timeout: LIVE_MS });
  return page;
}

const drawer = (page: Page) => page.getByRole('navigation', { name: ptBR.shell.drawer });
const menuButton = (page: Page) =>
  page.getByRole('button', { name: ptBR.shell.openMenu, exact: true });

/** Opens the drawer sheet and follows its `name` link; the sheet closes on the way. */
async function navigate(page: Page, name: string, pathname: string): Promise<void> {
  await menuButton(page).click();
  await page.locator('nav[aria-busy="false"]').waitFor({ timeout: LIVE_MS });
  await drawer(page).getByRole('link', { name, exact: true }).click();
  await page.waitForURL((url) => url.pathname === pathname, { timeout: LIVE_MS });
  await drawer(page).waitFor({ state: 'hidden', timeout: LIVE_MS });
}

/** The pages the issue lists, each with what shows once it has loaded. */
const PAGES: { label: string; path: string; ready: (page: Page) => Promise<void> }[] = [
  {
    label: 'dashboard',
    path: '/',
    ready: (page) => page.getByRole('heading', { level: 1 }).first().waitFor({ timeout: LIVE_MS }),
  },
  {
    label: 'tickets',
    path: '/tickets',
    ready: (page) =>
      page.locator(`[role="listitem"][data-ticket-id]`).first().waitFor({ timeout: LIVE_MS }),
  },
  {
    label: 'contacts',
    path: '/contacts',
    ready: (page) =>
      page.getByText(CONTACT.name, { exact: true }).first().waitFor({ timeout: LIVE_MS }),
  },
  {
    label: 'connections',
    path: '/connections',
    ready: (page) => page.getByText('Loja', { exact: true }).first().waitFor({ timeout: LIVE_MS }),
  },
  {
    label: 'settings',
    path: '/settings',
    ready: (page) => page.getByRole('heading', { level: 1 }).first().waitFor({ timeout: LIVE_MS }),
  },
  {
    label: 'kanban',
    path: '/kanban',
    ready: (page) => page.getByRole('heading', { level: 1 }).first().waitFor({ timeout: LIVE_MS }),
  },
  {
    label: 'conversation',
    path: '',
    ready: (page) =>
      page
        .getByRole('log', { name: ptBR.tickets.chat.messages })
        .getByText(MESSAGE)
        .first()
        .waitFor({ timeout: LIVE_MS }),
  },
];

/** Visits every page of PAGES in `page` and collects each one's axe failure. */
async function auditPages(page: Page, size: string): Promise<string[]> {
  const failures: string[] = [];
  for (const target of PAGES) {
    const path = target.path || `/tickets/${ticketUuid}`;
    await page.goto(`${consoleServer.url}${path}`);
    await target.ready(page);
    // Fonts, lazy chunks and the queries' second render settle before the audit.
    await page.waitForLoadState('networkidle').catch(() => undefined);
    await expectNoAxeViolations(page, `${target.label} at ${size}`).catch((err: Error) =>
      failures.push(err.message),
    );
  }
  return failures;
}

beforeAll(async () => {
  // The console's origin must be known before the api starts, for CORS.
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  platform = await startPlatform({ corsOrigins: [origin], env: { LOGIN_RATE_LIMIT: '1000' } });
  const built = buildConsole(platform.apiUrl);
  db = new pg.Client({ connectionString: platform.databaseUrl });
  await db.connect();

  // The platform seeds accounts only: a connected default connection, a contact and an open
  // ticket of the demo admin in one of the company's queues.
  let token = '';
  const admin = createApiClient({ baseUrl: platform.apiUrl, getToken: () => token });
  const login = await admin.call('login', { body: DEMO_ADMIN });
  token = login.token;
  const companyId = login.user.companyId;
  await sql(
    `INSERT INTO whatsapps ("companyId", name, status, "isDefault") VALUES ($1, 'Loja', 'CONNECTED', true)`,
    [companyId],
  );
  const [queue] = await sql<{ id: number }>(
    `SELECT id FROM queues WHERE "companyId" = $1 ORDER BY id LIMIT 1`,
    [companyId],
  );
  if (!queue) throw new Error('setup: the demo company has no queue');
  // The list shows the tickets of the user's queues: the seeded admin has none.
  await sql(`INSERT INTO user_queues ("companyId", "userId", "queueId") VALUES ($1, $2, $3)`, [
    companyId,
    login.user.id,
    queue.id,
  ]);
  const contact = await admin.call('contactsCreate', { body: CONTACT });
  const ticket = await admin.call('ticketsCreate', {
    body: { contactId: contact.id, queueId: queue.id, userId: login.user.id, status: 'open' },
  });
  ticketId = ticket.id;
  ticketUuid = ticket.uuid;

  distDir = await built;
  consoleServer = await serveConsole(distDir, port);
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await consoleServer?.stop();
  await db?.end();
  await platform?.stop();
  if (distDir) fs.rmSync(distDir, { recursive: true, force: true });
});

describe('the console on a phone (390×844)', () => {
  it('opens the drawer from a menu button, opens a ticket from the list and sends a message', async () => {
    const page = await logIn(PHONE);

    // The drawer is no rail: hidden until the menu button opens it, closed after a link.
    await page
      .getByRole('button', { name: ptBR.shell.userMenu, exact: true })
      .waitFor({ timeout: LIVE_MS });
    expect(await drawer(page).isVisible(), 'the drawer shows before the menu is opened').toBe(
      false,
    );
    await navigate(page, ptBR.drawer.contacts, '/contacts');
    await navigate(page, ptBR.drawer.tickets, '/tickets');

    // The list shows the ticket; it opens the conversation.
    const row = page.locator(`[role="listitem"][data-ticket-id="${ticketId}"]`);
    await row.waitFor({ timeout: LIVE_MS });
    await row.click();
    await page.waitForURL((url) => url.pathname === `/tickets/${ticketUuid}`, {
      timeout: LIVE_MS,
    });

    // The header shows the whole name, not "Fer…".
    const name = page.getByTestId('chat-contact-name');
    await name.filter({ hasText: CONTACT.name }).waitFor({ timeout: LIVE_MS });
    const box = await name.evaluate((el) => ({
      scroll: el.scrollWidth,
      client: el.clientWidth,
      scrollHeight: el.scrollHeight,
      clientHeight: el.clientHeight,
    }));
    expect(box.scroll, 'the name is not cut horizontally').toBeLessThanOrEqual(box.client);
    expect(box.scrollHeight, 'the name is not cut vertically').toBeLessThanOrEqual(
      box.clientHeight,
    );

    // The composer's text field keeps most of the width.
    const input = page.getByRole('textbox', { name: ptBR.tickets.chat.messageInput, exact: true });
    await expect
      .poll(() => input.isEditable(), { timeout: LIVE_MS, message: 'composer editable' })
      .toBe(true);
    const inputBox = await input.boundingBox();
    expect(inputBox?.width ?? 0, 'text field width').toBeGreaterThanOrEqual(390 * 0.7);

    // Typed and sent, the message shows in the conversation and the api stored it.
    await input.fill(MESSAGE);
    await page.getByRole('button', { name: ptBR.tickets.chat.send, exact: true }).click();
    await page
      .getByRole('log', { name: ptBR.tickets.chat.messages })
      .getByText(MESSAGE)
      .first()
      .waitFor({ timeout: LIVE_MS });
    const rows = await sql<{ fromMe: boolean }>(
      `SELECT "fromMe" FROM messages WHERE "ticketId" = $1 AND body LIKE $2`,
      [ticketId, `%${MESSAGE}%`],
    );
    expect(rows).toEqual([{ fromMe: true }]);
    await page.context().close();
  });

  it('has no WCAG A/AA violation on the pages checked, at phone and at desktop size', async () => {
    const failures: string[] = [];
    const loginPage = await (await browser.newContext(PHONE)).newPage();
    for (const [size, options] of [
      ['390 px', PHONE],
      ['1280 px', DESKTOP],
    ] as const) {
      await loginPage.setViewportSize(options.viewport!);
      await loginPage.goto(`${consoleServer.url}/login`);
      await loginPage
        .getByRole('button', { name: ptBR.login.submit, exact: true })
        .waitFor({ timeout: LIVE_MS });
      await expectNoAxeViolations(loginPage, `login at ${size}`).catch((err: Error) =>
        failures.push(err.message),
      );
      const page = await logIn(options);
      failures.push(...(await auditPages(page, size)));
      await page.context().close();
    }
    await loginPage.context().close();
    expect(failures.join('\n\n')).toBe('');
  });
});
