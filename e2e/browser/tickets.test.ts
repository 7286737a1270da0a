import { createApiClient } from '@atendo/api-client';
import ExcelJS from 'exceljs';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { ptBR } from '@atendo/web/i18n';
import { startPlatform, type Platform } from '@atendo/testing/platform';
import { freePort } from '@atendo/testing/ports';
import { expectNoAxeViolations } from './support/axe.js';
import { launchChromium } from './support/chromium.js';
import { buildConsole, serveConsole } from './support/console.js';
import { openLoggedIn } from './support/session.js';
import { stepRunner, until } from './support/steps.js';

/**
 * Issue 7, "Done when" second bullet: two agents in two browsers on the built console and the
 * real api. A ticket arrives live in agent A's pending list, A accepts and replies, transfers
 * it to B with a private note, B sees it live with the note and closes it; then the demo admin
 * imports a real .xlsx on /contacts/import and reads the report.
 */

const DEMO_ADMIN = { email: 'admin@demo.atendo.local', password: 'demo123' };
const AGENT_A = { email: 'agent@demo.atendo.local', password: 'demo123' };
const AGENT_B = { name: 'Agente B', email: 'agente.b@demo.atendo.local', password: 'demo123' };
const CONTACT = { name: 'Carla Live', number: '5511987650001' };
const REPLY = 'Olá Carla, já estou vendo o seu pedido.';
const NOTE = 'Cliente VIP, atender com prioridade';
const LIVE_MS = 30_000;

const list = ptBR.tickets.list;
const chat = ptBR.tickets.chat;
const importTexts = ptBR.contactImport;

type Client = ReturnType<typeof createApiClient>;

let platform: Platform;
let consoleServer: { url: string; stop(): Promise<void> };
let distDir: string;
let browser: Browser;
let db: pg.Client;
let admin: Client;
let companyId: number;
let queueId: number;
let agentAId: number;
let agentBId: number;
let contactId: number;

async function sql<T>(text: string, params: unknown[] = []): Promise<T[]> {
  return (await db.query(text, params)).rows as T[];
}

const step = stepRunner();

async function loggedInClient(credentials: { email: string; password: string }) {
  let token = '';
  const client = createApiClient({ baseUrl: platform.apiUrl, getToken: () => token });
  const login = await client.call('login', { body: credentials });
  token = login.token;
  return { client, user: login.user };
}

/** A fresh browser context logged in as `credentials`, on /tickets. */
const logIn = (credentials: { email: string; password: string }) =>
  openLoggedIn(browser, consoleServer.url, credentials, LIVE_MS);

async function showPendingTab(page: Page): Promise<void> {
  const tab = page
    .getByRole('tablist', { name: list.tabs.label })
    .getByRole('tab', { name: list.tabs.pending, exact: true });
  await tab.click({ timeout: LIVE_MS });
  await expect
    .poll(() => tab.getAttribute('aria-selected'), { timeout: LIVE_MS, message: 'pending tab' })
    .toBe('true');
  // The tab's first page has loaded (and is empty): whatever shows after this came live.
  await page.getByText(list.empty.title, { exact: true }).waitFor({ timeout: LIVE_MS });
}

/** The ticket's row in the page's list (its aria-label is the contact's name). */
const ticketRow = (page: Page, ticketId: number) =>
  page.locator(`[role="listitem"][data-ticket-id="${ticketId}"]`);

const messageLog = (page: Page) => page.getByRole('log', { name: chat.messages });

beforeAll(async () => {
  // The console's origin must be known before the api starts, for CORS.
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  platform = await startPlatform({ corsOrigins: [origin], env: { LOGIN_RATE_LIMIT: '1000' } });
  const built = buildConsole(platform.apiUrl);
  db = new pg.Client({ connectionString: platform.databaseUrl });
  await db.connect();

  // Setup through the api and SQL: a connected default connection, agent B in agent A's
  // queue, and a contact.
  const asAdmin = await loggedInClient(DEMO_ADMIN);
  admin = asAdmin.client;
  companyId = asAdmin.user.companyId;
  const asAgent = await loggedInClient(AGENT_A);
  agentAId = asAgent.user.id;
  await sql(
    `INSERT INTO whatsapps ("companyId", name, status, "isDefault") VALUES ($1, 'Loja', 'CONNECTED', true)`,
    [companyId],
  );
  const [queue] = await sql<{ queueId: number }>(
    `SELECT "queueId" FROM user_queues WHERE "userId" = $1 ORDER BY "queueId" LIMIT 1`,
    [agentAId],
  );
  if (!queue) throw new Error('setup: the demo agent has no queue');
  queueId = queue.queueId;
  const agentB = await admin.call('usersCreate', {
    body: { ...AGENT_B, profile: 'user', queueIds: [queueId] },
  });
  agentBId = agentB.id;
  const contact = await admin.call('contactsCreate', { body: CONTACT });
  contactId = contact.id;

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

describe('tickets between two agents', () => {
  it('arrives live for A, is accepted, answered, transferred with a note, and closed by B', async () => {
    let pageA!: Page;
    let pageB!: Page;
    let ticketId = 0;

    await step('1. both agents log in and show the pending tab', async () => {
      [pageA, pageB] = await Promise.all([logIn(AGENT_A), logIn(AGENT_B)]);
      await showPendingTab(pageA);
      await showPendingTab(pageB);
    });

    await step('2. a pending ticket created by the admin appears live in A’s list', async () => {
      const ticket = await admin.call('ticketsCreate', {
        body: { contactId, queueId, status: 'pending' },
      });
      ticketId = ticket.id;
      expect(ticket.status).toBe('pending');
      await ticketRow(pageA, ticketId).waitFor({ timeout: LIVE_MS });
      expect(await ticketRow(pageA, ticketId).getAttribute('aria-label')).toBe(CONTACT.name);
    });

    await step('3. A opens and accepts the ticket', async () => {
      await ticketRow(pageA, ticketId).click();
      await pageA.waitForURL((url) => url.pathname.startsWith('/tickets/'), { timeout: LIVE_MS });
      await pageA
        .getByTestId('chat-contact-name')
        .filter({ hasText: CONTACT.name })
        .waitFor({ timeout: LIVE_MS });
      await pageA.getByRole('button', { name: chat.accept, exact: true }).click();
      await until(
        async () =>
          (
            await sql<{ status: string; userId: number }>(
              `SELECT status, "userId" FROM tickets WHERE id = $1`,
              [ticketId],
            )
          )[0]?.status === 'open',
        'ticket open after accept',
        15_000,
      );
      expect(
        (await sql<{ userId: number }>(`SELECT "userId" FROM tickets WHERE id = $1`, [ticketId]))[0]
          ?.userId,
      ).toBe(agentAId);
    });

    await step('4. A replies through the composer', async () => {
      const input = pageA.getByRole('textbox', { name: chat.messageInput, exact: true });
      await expect
        .poll(() => input.isEditable(), { timeout: LIVE_MS, message: 'composer editable' })
        .toBe(true);
      await input.fill(REPLY);
      await pageA.getByRole('button', { name: chat.send, exact: true }).click();
      await messageLog(pageA).getByText(REPLY).first().waitFor({ timeout: LIVE_MS });
      const rows = await sql<{ fromMe: boolean; userId: number; body: string }>(
        `SELECT "fromMe", "userId", body FROM messages WHERE "ticketId" = $1 AND body LIKE $2`,
        [ticketId, `%${REPLY}%`],
      );
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ fromMe: true, userId: agentAId });
      await expectNoAxeViolations(pageA, 'the conversation, after a reply');
    });

    await step('5. A transfers the ticket to B with a private note', async () => {
      await pageA.getByRole('button', { name: chat.moreActions, exact: true }).click();
      await pageA.getByRole('menuitem', { name: chat.transfer }).click();
      const dialog = pageA.getByRole('dialog', { name: chat.transferTitle });
      await dialog.waitFor({ timeout: LIVE_MS });
      const user = dialog.getByRole('combobox', { name: chat.user, exact: true });
      await user.click();
      await user.fill(AGENT_B.name);
      await dialog
        .getByRole('listbox', { name: chat.users })
        .getByRole('option', { name: new RegExp(AGENT_B.name) })
        .click({ timeout: LIVE_MS });
      await dialog
        .getByRole('combobox', { name: chat.queue, exact: true })
        .selectOption(String(queueId));
      await dialog.getByLabel(chat.transferNote, { exact: true }).fill(NOTE);
      const submit = dialog.getByRole('button', { name: chat.transferSubmit, exact: true });
      await expect
        .poll(() => submit.isEnabled(), { timeout: LIVE_MS, message: 'transfer enabled' })
        .toBe(true);
      await submit.click();
      await dialog.waitFor({ state: 'hidden', timeout: LIVE_MS });
      await until(
        async () =>
          (
            await sql<{ status: string; userId: number }>(
              `SELECT status, "userId" FROM tickets WHERE id = $1`,
              [ticketId],
            )
          )[0]?.userId === agentBId,
        'ticket assigned to B',
        15_000,
      );
      const [row] = await sql<{ status: string }>(`SELECT status FROM tickets WHERE id = $1`, [
        ticketId,
      ]);
      expect(row?.status).toBe('pending');
    });

    await step('6. B sees the ticket live in the pending list and the private note', async () => {
      await ticketRow(pageB, ticketId).waitFor({ timeout: LIVE_MS });
      await ticketRow(pageB, ticketId).click();
      await pageB.waitForURL((url) => url.pathname.startsWith('/tickets/'), { timeout: LIVE_MS });
      const note = messageLog(pageB).locator('[data-private]').filter({ hasText: NOTE });
      await note.waitFor({ timeout: LIVE_MS });
      await note.getByText(chat.privateMessage, { exact: true }).waitFor();
    });

    await step('7. B resolves the ticket', async () => {
      await pageB.getByRole('button', { name: chat.resolve, exact: true }).click();
      await pageB.waitForURL((url) => url.pathname === '/tickets', { timeout: LIVE_MS });
      await until(
        async () =>
          (await sql<{ status: string }>(`SELECT status FROM tickets WHERE id = $1`, [ticketId]))[0]
            ?.status === 'closed',
        'ticket closed',
        15_000,
      );
      const types = (
        await sql<{ type: string }>(
          `SELECT type FROM logs_tickets WHERE "ticketId" = $1 ORDER BY id`,
          [ticketId],
        )
      ).map((r) => r.type);
      expect(types).toEqual(expect.arrayContaining(['transfered', 'receivedTransfer', 'closed']));
    });
  });

  it('imports a real .xlsx on /contacts/import and shows the report', async () => {
    const file = path.join(os.tmpdir(), `contatos-${Date.now()}.xlsx`);
    onTestFinished(() => fs.rmSync(file, { force: true }));
    let page!: Page;

    await step('8. build the spreadsheet and open the import page', async () => {
      const book = new ExcelJS.Workbook();
      const sheet = book.addWorksheet('Contatos');
      sheet.addRow(['Nome', 'Número', 'Email']);
      sheet.addRow(['Ana Planilha', '5511911110001', 'ana@example.com']);
      sheet.addRow(['Bruno Planilha', '5511911110002', 'bruno@example.com']);
      sheet.addRow(['Sem Número', '', 'sem@example.com']);
      await book.xlsx.writeFile(file);
      page = await logIn(DEMO_ADMIN);
      await page.goto(`${consoleServer.url}/contacts/import`);
      await page.getByRole('heading', { name: importTexts.title }).waitFor({ timeout: LIVE_MS });
      await expectNoAxeViolations(page, '/contacts/import');
    });

    await step('9. upload, map and import', async () => {
      await page.locator('#contact-import-file').setInputFiles(file);
      await page.getByRole('heading', { name: importTexts.mapping }).waitFor({ timeout: LIVE_MS });
      const target = (column: string) =>
        page.getByRole('combobox', { name: `${importTexts.target}: ${column}`, exact: true });
      // The page guesses the mapping from the headers; set it where it did not.
      if ((await target('Nome').inputValue()) !== 'name') await target('Nome').selectOption('name');
      if ((await target('Número').inputValue()) !== 'number')
        await target('Número').selectOption('number');
      const all = page.getByRole('checkbox', { name: importTexts.selectAll });
      if (!(await all.isChecked())) await all.check();
      await page.getByRole('button', { name: importTexts.import, exact: true }).click();
    });

    await step('10. the report shows 2 created and the row without a number', async () => {
      const report = page.getByRole('region', { name: importTexts.report });
      await report.waitFor({ timeout: LIVE_MS });
      await report
        .getByText(importTexts.created.replace('{{count}}', '2'), { exact: true })
        .waitFor();
      const skipped = await report
        .getByText(importTexts.skipped.replace('{{count}}', '1'), { exact: true })
        .count();
      const failed = await report
        .getByText(importTexts.failed.replace('{{count}}', '1'), { exact: true })
        .count();
      expect(skipped + failed, 'the row without a number is reported skipped or failed').toBe(1);
      const rows = await sql<{ name: string; number: string }>(
        `SELECT name, number FROM contacts WHERE "companyId" = $1 AND name LIKE '%Planilha' ORDER BY name`,
        [companyId],
      );
      expect(rows.map((r) => r.name)).toEqual(['Ana Planilha', 'Bruno Planilha']);
      expect(
        await sql(`SELECT 1 FROM contacts WHERE "companyId" = $1 AND name = 'Sem Número'`, [
          companyId,
        ]),
      ).toHaveLength(0);
    });
  });
});
