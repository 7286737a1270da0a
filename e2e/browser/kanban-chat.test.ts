import { createApiClient } from '@atendo/api-client';
import fs from 'node:fs';
import pg from 'pg';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ptBR } from '@atendo/web/i18n';
import { startPlatform, type Platform } from '@atendo/testing/platform';
import { freePort } from '@atendo/testing/ports';
import { expectNoAxeViolations } from './support/axe.js';
import { launchChromium } from './support/chromium.js';
import { buildConsole, serveConsole } from './support/console.js';
import { openLoggedIn } from './support/session.js';
import { stepRunner } from './support/steps.js';

/**
 * docs/product/kanban-and-tags.md's kanban board and internal chat against the real api: an admin moves a ticket's card
 * from 'Em aberto' to a lane and the api holds the lane tag; an admin opens a chat with the
 * agent, the chat and its messages reach the agent live, and the agent's answer reaches the
 * admin live.
 */

const DEMO_ADMIN = { email: 'admin@demo.atendo.local', password: 'demo123' };
const DEMO_AGENT = { email: 'agent@demo.atendo.local', password: 'demo123' };
const LIVE_MS = 20_000;
const texts = ptBR;

let platform: Platform;
let consoleServer: { url: string; stop(): Promise<void> };
let distDir: string;
let browser: Browser;

const pageErrors: string[] = [];
let current: Page | undefined;

const step = stepRunner(() => ({ page: current, pageErrors }));

/** An api client on the browser's own token (a second login would end its session). */
async function browserClient(page: Page) {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  return createApiClient({ baseUrl: platform.apiUrl, getToken: () => token! });
}

async function open(credentials: { email: string; password: string }): Promise<Page> {
  const page = await openLoggedIn(browser, consoleServer.url, credentials, LIVE_MS);
  page.on('pageerror', (err) => pageErrors.push(err.message));
  current = page;
  return page;
}

beforeAll(async () => {
  const port = await freePort();
  platform = await startPlatform({
    corsOrigins: [`http://127.0.0.1:${port}`],
    env: { LOGIN_RATE_LIMIT: '1000', SESSION_RUNTIME: 'none' },
  });
  distDir = await buildConsole(platform.apiUrl);
  consoleServer = await serveConsole(distDir, port);
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await consoleServer?.stop();
  await platform?.stop();
  if (distDir) fs.rmSync(distDir, { recursive: true, force: true });
});

describe('kanban and internal chat in the console', () => {
  it("moves a ticket's card to a lane; the api holds the lane tag", async () => {
    let page!: Page;
    const board = texts.kanbanBoard;
    const CONTACT = 'Kanbanista';

    await step('1. a lane and an open ticket exist; the board shows it in Em aberto', async () => {
      page = await open(DEMO_ADMIN);
      const api = await browserClient(page);
      const db = new pg.Client({ connectionString: platform.databaseUrl });
      await db.connect();
      try {
        const { companyId } = await api.call('me');
        await db.query(
          `INSERT INTO whatsapps ("companyId", name, status, "isDefault") VALUES ($1, 'Loja', 'CONNECTED', true)`,
          [companyId],
        );
      } finally {
        await db.end();
      }
      await api.call('tagsCreate', { body: { name: 'Proposta', kanban: 1 } });
      const contact = await api.call('contactsCreate', {
        body: { name: CONTACT, number: '5511987651234' },
      });
      await api.call('ticketsCreate', { body: { contactId: contact.id, status: 'open' } });
      await page.goto(`${consoleServer.url}/kanban`);
      const openLane = page.getByRole('region', { name: board.openLane, exact: true });
      await openLane.getByRole('article', { name: CONTACT }).waitFor({ timeout: LIVE_MS });
      await expectNoAxeViolations(page, '/kanban');
    });

    await step('2. moved to Proposta, it leaves Em aberto with the success toast', async () => {
      await page
        .getByLabel(board.moveTo.replace('{{name}}', CONTACT), { exact: true })
        .selectOption({ label: 'Proposta' });
      await page.getByText(board.updated).first().waitFor({ timeout: LIVE_MS });
      const lane = page.getByRole('region', { name: 'Proposta', exact: true });
      await lane.getByRole('article', { name: CONTACT }).waitFor({ timeout: LIVE_MS });
      const api = await browserClient(page);
      const { tickets } = await api.call('kanbanTickets', { query: {} });
      const card = tickets.find((c) => c.contact.name === CONTACT)!;
      expect(card.tags.map((g) => g.name)).toEqual(['Proposta']);
    });
  });

  it('opens a chat with the agent; messages reach each side live', async () => {
    let admin!: Page;
    let agent!: Page;
    const c = texts.internalChat;
    const d = texts.internalChatDialog;

    await step('1. both open /chats; the admin opens a chat with the agent', async () => {
      [admin, agent] = await Promise.all([open(DEMO_ADMIN), open(DEMO_AGENT)]);
      await Promise.all([
        admin.goto(`${consoleServer.url}/chats`),
        agent.goto(`${consoleServer.url}/chats`),
      ]);
      await agent.getByText(c.empty).waitFor({ timeout: LIVE_MS });
      await expectNoAxeViolations(agent, '/chats, empty');
      current = admin;
      await admin.getByRole('button', { name: c.add, exact: true }).click();
      const dialog = admin.getByRole('dialog', { name: d.addTitle });
      await dialog.getByLabel(d.titleField, { exact: true }).fill('Plantão de sábado');
      const { name: agentName } = await (await browserClient(agent)).call('me');
      await dialog.getByLabel(agentName, { exact: true }).check();
      await dialog.getByRole('button', { name: d.save, exact: true }).click();
      await dialog.waitFor({ state: 'detached', timeout: LIVE_MS });
    });

    await step('2. the chat appears live for the agent; the admin writes in it', async () => {
      current = agent;
      const chats = agent.getByRole('list', { name: c.chats });
      await chats
        .getByRole('listitem', { name: 'Plantão de sábado' })
        .waitFor({ timeout: LIVE_MS });
      current = admin;
      await admin
        .getByRole('listitem', { name: 'Plantão de sábado' })
        .getByRole('button')
        .first()
        .click();
      const composer = admin.getByLabel(c.composer, { exact: true });
      await composer.fill('Quem cobre o sábado?');
      await composer.press('Enter');
      await admin
        .getByRole('list', { name: c.messages })
        .getByText('Quem cobre o sábado?')
        .waitFor({ timeout: LIVE_MS });
    });

    await step(
      "3. the agent opens it, reads the admin's message and answers; the admin sees it live",
      async () => {
        current = agent;
        await agent
          .getByRole('listitem', { name: 'Plantão de sábado' })
          .getByRole('button')
          .first()
          .click();
        await agent
          .getByRole('list', { name: c.messages })
          .getByText('Quem cobre o sábado?')
          .waitFor({ timeout: LIVE_MS });
        const composer = agent.getByLabel(c.composer, { exact: true });
        await composer.fill('Eu cubro!');
        await composer.press('Enter');
        current = admin;
        await admin
          .getByRole('list', { name: c.messages })
          .getByText('Eu cubro!')
          .waitFor({ timeout: LIVE_MS });
        const api = await browserClient(agent);
        const { records } = await api.call('chatsIndex', { query: {} });
        const chat = records.find((r) => r.title === 'Plantão de sábado')!;
        const { records: messages } = await api.call('chatsMessages', {
          params: { id: chat.id },
          query: {},
        });
        expect(messages.map((m) => m.message)).toEqual(['Quem cobre o sábado?', 'Eu cubro!']);
      },
    );
  });
});
