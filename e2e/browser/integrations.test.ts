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
import { startFakeTypebot, type FakeTypebot } from '@atendo/testing/fake-typebot';
import { startPlatform, type Platform } from '@atendo/testing/platform';
import { freePort } from '@atendo/testing/ports';
import { expectNoAxeViolations } from './support/axe.js';
import { launchChromium } from './support/chromium.js';
import { buildConsole, serveConsole } from './support/console.js';
import { openLoggedIn } from './support/session.js';
import { stepRunner, until } from './support/steps.js';

/**
 * Issue 25 §3: a chatbot integration set up in the console runs on the inbound path. The demo
 * admin adds a Typebot integration on the Integrations page (pointed at a local Typebot fake),
 * tests it with "Testar", saves it and picks it for a queue; a customer's message arrives
 * through the signed Cloud API webhook (a local Meta Graph fake), the bot's greeting and its
 * numbered choices show in the ticket's conversation and go out through the Cloud API, and the
 * customer's answer brings the bot's last message live into the open conversation.
 */

const DEMO_ADMIN = { email: 'admin@demo.atendo.local', password: 'demo123' };
const LIVE_MS = 20_000;
const SECRET = 'meta-app-secret-e2e';
const PHONE_ID = '1000777';
const CUSTOMER = { number: '5511987650042', name: 'Marina Souza' };
const QUEUE = 'Robô Typebot';
const BOT = { name: 'Bia Typebot', slug: 'atendimento-loja' };
const GREETING = 'Olá! Eu sou a Bia, assistente da loja.';
const QUESTION = 'Sobre o que você quer falar?';
const FINAL = 'Obrigada! Um atendente do Suporte vai continuar por aqui.';

const texts = ptBR;
const chat = ptBR.tickets.chat;
const list = ptBR.tickets.list;

let platform: Platform;
let consoleServer: { url: string; stop(): Promise<void> };
let distDir: string;
let browser: Browser;
let db: pg.Client;
let typebot: FakeTypebot;
let graph: FakeGraph;
let companyId: number;
let queueId: number;

const pageErrors: string[] = [];
let current: Page | undefined;

async function sql<T>(text: string, params: unknown[] = []): Promise<T[]> {
  return (await db.query(text, params)).rows as T[];
}

const step = stepRunner(() => ({ page: current, pageErrors }));

/** The customer writes `text` on WhatsApp: Meta posts the signed Cloud API webhook. */
async function customerWrites(text: string): Promise<void> {
  const res = await postWebhook(
    platform.apiUrl,
    cloudWebhook(PHONE_ID, cloudText({ from: CUSTOMER.number, text, name: CUSTOMER.name })),
    { secret: SECRET },
  );
  expect(res.status).toBe(200);
}

/** The texts the api sent to the customer through the Cloud API, in order. */
const sentToCustomer = () =>
  graph
    .sent(new RegExp(`^/${PHONE_ID}/messages$`))
    .filter((r) => r.body?.to === CUSTOMER.number)
    .map((r) => (r.body?.text as { body?: string } | undefined)?.body ?? '');

const messageLog = (page: Page) => page.getByRole('log', { name: chat.messages });

beforeAll(async () => {
  typebot = await startFakeTypebot();
  typebot.bots.set(BOT.slug, {
    steps: [
      {
        bubbles: [
          { type: 'text', text: GREETING },
          { type: 'text', text: QUESTION },
        ],
        input: { type: 'choice input', items: ['Vendas', 'Suporte'] },
      },
      { bubbles: [{ type: 'text', text: FINAL }] },
    ],
  });
  graph = await startFakeGraph();
  // The console's origin must be known before the api starts, for CORS.
  const port = await freePort();
  platform = await startPlatform({
    corsOrigins: [`http://127.0.0.1:${port}`],
    env: {
      LOGIN_RATE_LIMIT: '1000',
      SESSION_RUNTIME: 'none',
      META_GRAPH_URL: graph.url,
      META_APP_SECRET: SECRET,
      META_APP_ID: '424242',
      META_VERIFY_TOKEN: 'verify-e2e',
      INTEGRATION_TIMEOUT_MS: '5000',
    },
  });
  const built = buildConsole(platform.apiUrl);
  db = new pg.Client({ connectionString: platform.databaseUrl });
  await db.connect();

  // A Cloud API connection of the demo company whose only queue is "Robô Typebot", which the
  // admin answers (so its waiting tickets are in the admin's list).
  const [admin] = await sql<{ id: number; companyId: number }>(
    `SELECT id, "companyId" FROM users WHERE email = $1`,
    [DEMO_ADMIN.email],
  );
  if (!admin) throw new Error('setup: no demo admin');
  companyId = admin.companyId;
  const [wa] = await sql<{ id: number }>(
    `INSERT INTO whatsapps ("companyId", name, channel, status, "facebookPageUserId", "tokenMeta")
     VALUES ($1, 'WhatsApp Oficial', 'whatsappapi', 'CONNECTED', $2, 'cloud-token-e2e') RETURNING id`,
    [companyId, PHONE_ID],
  );
  const [queue] = await sql<{ id: number }>(
    `INSERT INTO queues ("companyId", name, color, "greetingMessage") VALUES ($1, $2, '#7c3aed', '') RETURNING id`,
    [companyId, QUEUE],
  );
  queueId = queue!.id;
  await sql(
    `INSERT INTO whatsapp_queues ("companyId", "whatsappId", "queueId") VALUES ($1, $2, $3)`,
    [companyId, wa!.id, queueId],
  );
  await sql(`INSERT INTO user_queues ("companyId", "userId", "queueId") VALUES ($1, $2, $3)`, [
    companyId,
    admin.id,
    queueId,
  ]);

  distDir = await built;
  consoleServer = await serveConsole(distDir, port);
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await consoleServer?.stop();
  await db?.end();
  await platform?.stop();
  await typebot?.close();
  await graph?.close();
  if (distDir) fs.rmSync(distDir, { recursive: true, force: true });
});

describe('a Typebot integration set up in the console', () => {
  it('is tested, put on a queue, and answers a customer live in the conversation', async () => {
    let page!: Page;
    let integrationId = 0;
    let ticketId = 0;
    const d = texts.queueIntegrationDialog;
    const q = texts.queueModal;

    await step('1. the admin adds a Typebot integration, tests it and saves it', async () => {
      page = await openLoggedIn(browser, consoleServer.url, DEMO_ADMIN, LIVE_MS);
      page.on('pageerror', (err) => pageErrors.push(err.message));
      current = page;
      await page.goto(`${consoleServer.url}/queue-integration`);
      await page.getByText(texts.queueIntegrations.empty).waitFor({ timeout: LIVE_MS });
      await expectNoAxeViolations(page, '/queue-integration');
      await page.getByRole('button', { name: texts.queueIntegrations.add, exact: true }).click();
      const dialog = page.getByRole('dialog', { name: d.addTitle });
      await dialog.getByLabel(d.type, { exact: true }).selectOption('typebot');
      await dialog.getByLabel(d.name, { exact: true }).fill(BOT.name);
      await dialog.getByLabel(d.urlN8N, { exact: true }).fill(typebot.url);
      await dialog.getByLabel(d.typebotSlug, { exact: true }).fill(BOT.slug);
      await dialog.getByLabel(d.typebotDelayMessage, { exact: true }).fill('100');
      await dialog.getByRole('button', { name: d.test, exact: true }).click();
      await page.getByText(d.tested, { exact: true }).first().waitFor({ timeout: LIVE_MS });
      // The test started a chat on the bot, and stored nothing.
      expect(typebot.requests.map((r) => r.path)).toEqual([
        `/api/v1/typebots/${BOT.slug}/startChat`,
      ]);
      expect(
        await sql(`SELECT 1 FROM queue_integrations WHERE "companyId" = $1`, [companyId]),
      ).toEqual([]);
      await dialog.getByRole('button', { name: d.add, exact: true }).click();
      await dialog.waitFor({ state: 'detached', timeout: LIVE_MS });
      await page.getByText(d.added, { exact: true }).first().waitFor({ timeout: LIVE_MS });
      await page.getByRole('cell', { name: BOT.name, exact: true }).waitFor({ timeout: LIVE_MS });
      const [row] = await sql<{ id: number; type: string; urlN8N: string; typebotSlug: string }>(
        `SELECT id, type, "urlN8N", "typebotSlug" FROM queue_integrations WHERE "companyId" = $1 AND name = $2`,
        [companyId, BOT.name],
      );
      expect(row).toMatchObject({ type: 'typebot', urlN8N: typebot.url, typebotSlug: BOT.slug });
      integrationId = row!.id;
    });

    await step(`2. the admin picks the integration for the queue "${QUEUE}"`, async () => {
      await page.goto(`${consoleServer.url}/queues`);
      const edit = page.getByRole('button', {
        name: texts.queues.edit.replace('{{name}}', QUEUE),
        exact: true,
      });
      await edit.click({ timeout: LIVE_MS });
      const dialog = page.getByRole('dialog', { name: q.editTitle });
      const name = dialog.getByLabel(q.name, { exact: true });
      await expect
        .poll(() => name.inputValue(), { timeout: LIVE_MS, message: 'queue form loaded' })
        .toBe(QUEUE);
      await dialog
        .getByLabel(q.integration, { exact: true })
        .selectOption({ label: BOT.name }, { timeout: LIVE_MS });
      await dialog.getByRole('button', { name: q.save, exact: true }).click();
      await dialog.waitFor({ state: 'detached', timeout: LIVE_MS });
      await page.getByText(q.saved, { exact: true }).first().waitFor({ timeout: LIVE_MS });
      const [queue] = await sql<{ integrationId: number | null }>(
        `SELECT "integrationId" FROM queues WHERE id = $1`,
        [queueId],
      );
      expect(queue?.integrationId).toBe(integrationId);

      // Reopened, the queue shows the integration it was saved with.
      await edit.click();
      const again = page.getByRole('dialog', { name: q.editTitle });
      await expect
        .poll(() => again.getByLabel(q.integration, { exact: true }).inputValue(), {
          timeout: LIVE_MS,
          message: 'the queue keeps its integration',
        })
        .toBe(String(integrationId));
      await again.getByRole('button', { name: q.cancel, exact: true }).click();
      await again.waitFor({ state: 'detached', timeout: LIVE_MS });
    });

    await step(
      '3. a customer writes; the bot greets with its choices through the Cloud API',
      async () => {
        await customerWrites('oi, boa tarde');
        await until(
          async () => sentToCustomer().some((m) => m.includes('*[ 2 ]* - Suporte')),
          'the bot’s greeting and choices sent',
          LIVE_MS,
        );
        const [ticket] = await sql<{
          id: number;
          status: string;
          queueId: number;
          useIntegration: boolean;
        }>(
          `SELECT t.id, t.status, t."queueId", t."useIntegration"
           FROM tickets t JOIN contacts c ON c.id = t."contactId"
          WHERE t."companyId" = $1 AND c.number = $2`,
          [companyId, CUSTOMER.number],
        );
        expect(ticket).toMatchObject({ status: 'pending', queueId, useIntegration: true });
        ticketId = ticket!.id;
        const start = typebot.requests.filter((r) => r.path.endsWith('/startChat')).at(-1);
        expect(start?.body.prefilledVariables).toMatchObject({
          number: CUSTOMER.number,
          name: CUSTOMER.name,
        });
        // Each bubble is a message; the choice input comes last, as numbered options.
        expect(sentToCustomer()).toEqual([
          GREETING,
          QUESTION,
          expect.stringMatching(/^\*\[ 1 \]\* - Vendas\n\*\[ 2 \]\* - Suporte$/),
        ]);
      },
    );

    await step('4. the admin opens the waiting ticket and reads the bot’s messages', async () => {
      await page.goto(`${consoleServer.url}/tickets`);
      const tab = page
        .getByRole('tablist', { name: list.tabs.label })
        .getByRole('tab', { name: list.tabs.pending, exact: true });
      await tab.click({ timeout: LIVE_MS });
      const row = page.locator(`[role="listitem"][data-ticket-id="${ticketId}"]`);
      await row.waitFor({ timeout: LIVE_MS });
      expect(await row.getAttribute('aria-label')).toBe(CUSTOMER.name);
      await row.click();
      await page.waitForURL((url) => url.pathname.startsWith('/tickets/'), { timeout: LIVE_MS });
      const log = messageLog(page);
      await log.getByText('oi, boa tarde').first().waitFor({ timeout: LIVE_MS });
      await log.getByText(GREETING).first().waitFor({ timeout: LIVE_MS });
      await log.getByText(QUESTION).first().waitFor({ timeout: LIVE_MS });
      // The numbered options, however the console renders WhatsApp's bold.
      await log
        .getByText(/\[ 1 \]\*?\s*-\s*Vendas/)
        .first()
        .waitFor({ timeout: LIVE_MS });
      await log
        .getByText(/\[ 2 \]\*?\s*-\s*Suporte/)
        .first()
        .waitFor({ timeout: LIVE_MS });
      expect(await log.getByText(FINAL).count()).toBe(0);
    });

    await step('5. the customer answers 2; the bot’s last message shows live', async () => {
      const loads = new Set<string>();
      page.on('framenavigated', (frame) => {
        if (frame === page.mainFrame()) loads.add(frame.url());
      });
      await customerWrites('2');
      const log = messageLog(page);
      await log.getByText(FINAL).first().waitFor({ timeout: LIVE_MS });
      expect([...loads], 'no reload').toEqual([]);
      // Typebot got the option's label; the flow ended, so the ticket waits for a human.
      const cont = typebot.requests.filter((r) => r.path.endsWith('/continueChat'));
      expect(cont.map((r) => r.body.message)).toEqual([{ type: 'text', text: 'Suporte' }]);
      await until(async () => sentToCustomer().includes(FINAL), 'the last message sent', LIVE_MS);
      // The flow's end is written after its last message is sent, in a transaction of its own.
      const ticketNow = async () =>
        (
          await sql<{ status: string; useIntegration: boolean; userId: number | null }>(
            `SELECT status, "useIntegration", "userId" FROM tickets WHERE id = $1`,
            [ticketId],
          )
        )[0];
      await until(
        async () => (await ticketNow())?.useIntegration === false,
        'the flow ended',
        LIVE_MS,
      );
      expect(await ticketNow()).toMatchObject({
        status: 'pending',
        useIntegration: false,
        userId: null,
      });
      const bot = await sql<{ body: string }>(
        `SELECT body FROM messages WHERE "ticketId" = $1 AND "fromMe" AND "userId" IS NULL ORDER BY id`,
        [ticketId],
      );
      expect(bot.map((m) => m.body)).toEqual(sentToCustomer());
    });
  });
});
