import fs from 'node:fs';
import pg from 'pg';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ptBR } from '@atendo/web/i18n';
import {
  cloudText,
  cloudWebhook,
  postWebhook,
  startFakeGraph,
  type FakeGraph,
} from '@atendo/testing/fake-graph';
import { startPlatform, type Platform } from '@atendo/testing/platform';
import { freePort } from '@atendo/testing/ports';
import { expectNoAxeViolations } from './support/axe.js';
import { launchChromium } from './support/chromium.js';
import { buildConsole, serveConsole } from './support/console.js';
import { openLoggedIn } from './support/session.js';
import { stepRunner, until } from './support/steps.js';

/**
 * Issue 26 §1: an admin sets up a WhatsApp Cloud API connection in the built console (no SQL);
 * the api checks it with a local fake Graph API and shows it CONNECTED. A signed Cloud webhook
 * then opens a ticket that shows in the console, the attendant answers it, and the answer
 * reaches the fake Graph with the token typed in the dialog.
 */

const DEMO_ADMIN = { email: 'admin@demo.atendo.local', password: 'demo123' };
const DEMO_AGENT = { email: 'agent@demo.atendo.local', password: 'demo123' };
const SECRET = 'e2e-meta-app-secret';
const CONNECTION = 'Loja Cloud E2E';
const PHONE_ID = '106540352242922';
const WABA_ID = '102290129340398';
const ACCESS_TOKEN = 'EAAGe2eCloudApiAccessToken0123456789';
const CUSTOMER = { number: '5511987651234', name: 'Bruna Cloud' };
const REPLY = 'Olá Bruna, seu pedido já saiu.';
const LIVE_MS = 30_000;

const texts = ptBR;
const chat = ptBR.tickets.chat;
const cloud = ptBR.whatsappModal.cloud;

let platform: Platform;
let graph: FakeGraph;
let consoleServer: { url: string; stop(): Promise<void> };
let distDir: string;
let browser: Browser;
let db: pg.Client;

async function sql<T>(text: string, params: unknown[] = []): Promise<T[]> {
  return (await db.query(text, params)).rows as T[];
}

const step = stepRunner();

beforeAll(async () => {
  graph = await startFakeGraph();
  graph.phoneNumbers.set(PHONE_ID, {
    display_phone_number: '+55 11 3456-7890',
    verified_name: 'Loja Cloud',
    token: ACCESS_TOKEN,
  });
  // The console's origin must be known before the api starts, for CORS.
  const port = await freePort();
  platform = await startPlatform({
    corsOrigins: [`http://127.0.0.1:${port}`],
    env: {
      LOGIN_RATE_LIMIT: '1000',
      SESSION_RUNTIME: 'none',
      META_GRAPH_URL: graph.url,
      META_APP_SECRET: SECRET,
    },
  });
  const built = buildConsole(platform.apiUrl);
  db = new pg.Client({ connectionString: platform.databaseUrl });
  await db.connect();
  distDir = await built;
  consoleServer = await serveConsole(distDir, port);
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await consoleServer?.stop();
  await db?.end();
  await platform?.stop();
  await graph?.close();
  if (distDir) fs.rmSync(distDir, { recursive: true, force: true });
});

describe('a WhatsApp Cloud API connection set up in the console', () => {
  it('is checked with Meta, shows CONNECTED, receives a webhook message and sends the answer', async () => {
    let page!: Page;
    let agent!: Page;
    let connectionId = 0;
    let ticketId = 0;

    await step('1. the admin adds a WhatsApp Cloud API connection on /connections', async () => {
      // One of the attendant's queues on the connection: its tickets land in their list.
      const [queue] = await sql<{ name: string }>(
        `SELECT q.name FROM queues q JOIN user_queues uq ON uq."queueId" = q.id
           JOIN users u ON u.id = uq."userId" WHERE u.email = $1 ORDER BY q.id LIMIT 1`,
        [DEMO_AGENT.email],
      );
      if (!queue) throw new Error('setup: the demo agent has no queue');
      page = await openLoggedIn(browser, consoleServer.url, DEMO_ADMIN, LIVE_MS);
      await page.goto(`${consoleServer.url}/connections`);
      await page.getByRole('button', { name: texts.connections.add }).click();
      await page
        .getByRole('menuitem', { name: texts.connections.channels.whatsappapi, exact: true })
        .click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel(texts.whatsappModal.name, { exact: true }).fill(CONNECTION);
      await dialog.getByLabel(cloud.phoneNumberId, { exact: true }).fill(PHONE_ID);
      await dialog.getByLabel(cloud.businessAccountId, { exact: true }).fill(WABA_ID);
      await dialog.getByLabel(cloud.accessToken, { exact: true }).fill(ACCESS_TOKEN);
      await dialog.getByLabel(queue.name, { exact: true }).check();
      const callback = await dialog.getByLabel(cloud.callbackUrl, { exact: true }).inputValue();
      expect(callback).toBe(`${platform.apiUrl}/webhook/whatsapp`);
      await expectNoAxeViolations(page, 'the Cloud API connection dialog');
      await dialog.getByRole('button', { name: texts.whatsappModal.save, exact: true }).click();
      await dialog.waitFor({ state: 'detached', timeout: LIVE_MS });
    });

    await step('2. the connection shows CONNECTED with the number Meta gave', async () => {
      const row = page.locator('tr[data-connection-id]', { hasText: CONNECTION });
      await row.waitFor({ timeout: LIVE_MS });
      connectionId = Number(await row.getAttribute('data-connection-id'));
      await row
        .getByText(texts.connections.statuses.CONNECTED, { exact: true })
        .waitFor({ timeout: LIVE_MS });
      const check = graph.sent(new RegExp(`^/${PHONE_ID}$`)).at(-1)!;
      expect(check.authorization).toBe(`Bearer ${ACCESS_TOKEN}`);
      expect(graph.sent(new RegExp(`^/${WABA_ID}/subscribed_apps$`))).toHaveLength(1);
      const [stored] = await sql<{ number: string; facebookPageUserId: string }>(
        `SELECT number, "facebookPageUserId" FROM whatsapps WHERE id = $1`,
        [connectionId],
      );
      expect(stored).toEqual({ number: '551134567890', facebookPageUserId: PHONE_ID });
      await expectNoAxeViolations(page, '/connections with a Cloud API connection');
    });

    await step(
      '3. a signed Cloud webhook message opens a ticket that shows in the console',
      async () => {
        agent = await openLoggedIn(browser, consoleServer.url, DEMO_AGENT, LIVE_MS);
        const pending = agent
          .getByRole('tablist', { name: ptBR.tickets.list.tabs.label })
          .getByRole('tab', { name: ptBR.tickets.list.tabs.pending, exact: true });
        await pending.click({ timeout: LIVE_MS });
        await expect
          .poll(() => pending.getAttribute('aria-selected'), { timeout: LIVE_MS })
          .toBe('true');
        const res = await postWebhook(
          platform.apiUrl,
          cloudWebhook(
            PHONE_ID,
            cloudText({
              from: CUSTOMER.number,
              text: 'Onde está meu pedido?',
              name: CUSTOMER.name,
            }),
          ),
          { secret: SECRET, path: '/webhook/whatsapp' },
        );
        expect(res.status).toBe(200);
        ticketId = await until(
          async () => {
            const [t] = await sql<{ id: number }>(
              `SELECT id FROM tickets WHERE "whatsappId" = $1 ORDER BY id DESC LIMIT 1`,
              [connectionId],
            );
            return t?.id;
          },
          'the ticket of the webhook message',
          LIVE_MS,
        );
        const row = agent.locator(`[role="listitem"][data-ticket-id="${ticketId}"]`);
        await row.waitFor({ timeout: LIVE_MS });
        expect(await row.getAttribute('aria-label')).toBe(CUSTOMER.name);
      },
    );

    await step(
      '4. the attendant opens it, accepts and answers; Graph receives the send',
      async () => {
        await agent.locator(`[role="listitem"][data-ticket-id="${ticketId}"]`).click();
        await agent.waitForURL((url) => url.pathname.startsWith('/tickets/'), { timeout: LIVE_MS });
        await agent.getByRole('button', { name: chat.accept, exact: true }).click();
        const input = agent.getByRole('textbox', { name: chat.messageInput, exact: true });
        await expect
          .poll(() => input.isEditable(), { timeout: LIVE_MS, message: 'composer editable' })
          .toBe(true);
        await input.fill(REPLY);
        await agent.getByRole('button', { name: chat.send, exact: true }).click();
        const send = await until(
          async () =>
            graph.sent(new RegExp(`^/${PHONE_ID}/messages$`)).find((r) =>
              // The attendant's name may sign the text (the company's signature setting).
              (r.body as { text?: { body?: string } } | null)?.text?.body?.includes(REPLY),
            ),
          'the answer sent to Graph',
          LIVE_MS,
        );
        expect(send.authorization).toBe(`Bearer ${ACCESS_TOKEN}`);
        expect(send.body).toMatchObject({ messaging_product: 'whatsapp', to: CUSTOMER.number });
        await agent
          .getByRole('log', { name: chat.messages })
          .getByText(REPLY)
          .first()
          .waitFor({ timeout: LIVE_MS });
        await expectNoAxeViolations(agent, 'the Cloud API conversation, after a reply');
      },
    );
  });
});
