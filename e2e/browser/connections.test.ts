import { createApiClient } from '@atendo/api-client';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
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
 * Issue 8, "Done when" fourth bullet: the demo admin creates a connection in the built console
 * and sees its status change live as its session reports (QR code, then connected) through the
 * session's own token; then builds a two-level chatbot tree in the queue dialog and reads it
 * back from the api and from the dialog after a reload.
 */

const DEMO_ADMIN = { email: 'admin@demo.atendo.local', password: 'demo123' };
const INTERNAL_TOKEN = randomBytes(24).toString('hex');
const CONNECTION = 'Loja Centro E2E';
const QUEUE = 'Vendas E2E';
const QR = '2@e2e-qr-code-value,AbCdEf==,GhIjKl==,MnOpQr==';
const LIVE_MS = 20_000;

const texts = ptBR;
const option = (path: string) => texts.chatbot.optionTitle.replace('{{path}}', path);

type Client = ReturnType<typeof createApiClient>;

let platform: Platform;
let consoleServer: { url: string; stop(): Promise<void> };
let distDir: string;
let browser: Browser;

/** The admin through the api. Logging in ends the user's other session, so this comes last. */
async function adminClient(): Promise<Client> {
  let token = '';
  const client = createApiClient({ baseUrl: platform.apiUrl, getToken: () => token });
  token = (await client.call('login', { body: DEMO_ADMIN })).token;
  return client;
}

const step = stepRunner();

/** What a session process does: report its status with its own session token. */
async function reportStatus(sessionToken: string, body: Record<string, unknown>): Promise<void> {
  const res = await fetch(`${platform.apiUrl}/internal/sessions/me/status`, {
    method: 'PUT',
    headers: { Authorization: `Bearer ${sessionToken}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(res.status).toBe(200);
}

beforeAll(async () => {
  // The console's origin must be known before the api starts, for CORS. No session runtime:
  // this test plays the session's part through the internal routes.
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  platform = await startPlatform({
    corsOrigins: [origin],
    env: { LOGIN_RATE_LIMIT: '1000', INTERNAL_TOKEN, SESSION_RUNTIME: 'none' },
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

/** A browser logged in as the demo admin. */
const logIn = () => openLoggedIn(browser, consoleServer.url, DEMO_ADMIN, LIVE_MS);

describe('connections and queues in the console', () => {
  it('creates a connection that follows its session live, and saves a two-level chatbot tree', async () => {
    let page!: Page;
    let connectionId = 0;
    let sessionToken = '';

    await step('1. the admin creates a WhatsApp connection on /connections', async () => {
      page = await logIn();
      await page.goto(`${consoleServer.url}/connections`);
      await page.getByRole('button', { name: texts.connections.add }).click();
      await page
        .getByRole('menuitem', { name: texts.connections.channels.whatsapp, exact: true })
        .click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel(texts.whatsappModal.name, { exact: true }).fill(CONNECTION);
      await dialog.getByRole('button', { name: texts.whatsappModal.save, exact: true }).click();
      await dialog.waitFor({ state: 'detached', timeout: LIVE_MS });
      const row = page.locator('tr[data-connection-id]', { hasText: CONNECTION });
      await row.waitFor({ timeout: LIVE_MS });
      connectionId = Number(await row.getAttribute('data-connection-id'));
      expect(connectionId).toBeGreaterThan(0);
      await row.getByText(texts.connections.statuses.DISCONNECTED).waitFor({ timeout: LIVE_MS });
      await expectNoAxeViolations(page, '/connections');
    });

    const row = () => page.locator(`tr[data-connection-id="${connectionId}"]`);

    await step('2. its session reports a QR code: the QR action shows it live', async () => {
      const res = await fetch(
        `${platform.apiUrl}/internal/connections/${connectionId}/session-credentials`,
        { method: 'POST', headers: { Authorization: `Bearer ${INTERNAL_TOKEN}` } },
      );
      expect(res.status).toBe(200);
      sessionToken = ((await res.json()) as { token: string }).token;
      await reportStatus(sessionToken, { status: 'qrcode', qrcode: QR, retries: 1 });
      const qrButton = row().getByRole('button', { name: texts.connections.buttons.qrcode });
      await qrButton.waitFor({ timeout: LIVE_MS });
      await qrButton.click();
      const dialog = page.getByRole('dialog', { name: texts.qrModal.title });
      await dialog.getByRole('img', { name: texts.qrModal.title }).waitFor({ timeout: LIVE_MS });
    });

    await step(
      '3. the session reports CONNECTED: the QR modal closes and the row says so',
      async () => {
        await reportStatus(sessionToken, { status: 'CONNECTED', number: '5511999990000' });
        await page
          .getByRole('dialog', { name: texts.qrModal.title })
          .waitFor({ state: 'detached', timeout: LIVE_MS });
        await row()
          .getByText(texts.connections.statuses.CONNECTED, { exact: true })
          .waitFor({ timeout: LIVE_MS });
        // Shown with the Brazilian phone mask.
        await row().getByText('+55 (11) 99999-0000').waitFor({ timeout: LIVE_MS });
        await row().getByRole('button', { name: texts.connections.buttons.disconnect }).waitFor();
      },
    );

    await step('4. the admin builds a two-level chatbot tree in a new queue', async () => {
      await page.goto(`${consoleServer.url}/queues`);
      await page.getByRole('button', { name: texts.queues.add }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel(texts.queueModal.name, { exact: true }).fill(QUEUE);
      await dialog.getByRole('button', { name: texts.chatbot.addOption, exact: true }).click();
      const first = dialog.getByRole('group', { name: option('1'), exact: true });
      await first.getByLabel(texts.chatbot.name, { exact: true }).fill('Comprar');
      await first.getByLabel(texts.chatbot.message, { exact: true }).fill('1 - Carros novos');
      await first
        .getByRole('button', { name: texts.chatbot.addSubOption.replace('{{name}}', 'Comprar') })
        .click();
      const child = dialog.getByRole('group', { name: option('1.1'), exact: true });
      await child.getByLabel(texts.chatbot.name, { exact: true }).fill('Carros novos');
      await child.getByLabel(texts.chatbot.message, { exact: true }).fill('Um consultor já vem.');
      await dialog.getByRole('button', { name: texts.queueModal.save, exact: true }).click();
      await dialog.waitFor({ state: 'detached', timeout: LIVE_MS });
      await page.locator('tr', { hasText: QUEUE }).waitFor({ timeout: LIVE_MS });
    });

    await step(
      '5. the tree is saved: read back from the api and in the dialog after a reload',
      async () => {
        await page.reload();
        await page
          .getByRole('button', { name: texts.queues.edit.replace('{{name}}', QUEUE) })
          .click();
        const dialog = page.getByRole('dialog');
        await dialog
          .getByRole('group', { name: option('1.1'), exact: true })
          .waitFor({ timeout: LIVE_MS });
        await dialog.getByText('1 · Comprar').waitFor();
        await dialog.getByText('1.1 · Carros novos').waitFor();

        const admin = await adminClient();
        const queue = (await admin.call('queuesIndex')).find((q) => q.name === QUEUE);
        expect(queue).toBeTruthy();
        const saved = await admin.call('queuesShow', { params: { id: queue!.id } });
        expect(saved.chatbots).toHaveLength(1);
        expect(saved.chatbots[0]).toMatchObject({
          name: 'Comprar',
          greetingMessage: '1 - Carros novos',
        });
        expect(saved.chatbots[0]!.options).toHaveLength(1);
        expect(saved.chatbots[0]!.options[0]).toMatchObject({
          name: 'Carros novos',
          greetingMessage: 'Um consultor já vem.',
          queueType: 'text',
        });
      },
    );
  });
});
