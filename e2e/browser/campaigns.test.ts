import { createApiClient } from '@atendo/api-client';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
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
 * Issue 9, Tests: "A headless-Chromium test creates a campaign from the console and sees its
 * progress reach FINALIZADA". The demo admin sets zero intervals and an all-day, all-week
 * window on /campaigns-config, builds a contact list with two contacts, creates a campaign on
 * it, and watches its report go live to FINALIZADA, 2 of 2 delivered. The platform runs with
 * Temporal and the real worker; the WhatsApp side is played by this test: a session that
 * reports CONNECTED with the address of a small control server taking the sends.
 */

const DEMO_ADMIN = { email: 'admin@demo.atendo.local', password: 'demo123' };
const INTERNAL_TOKEN = randomBytes(24).toString('hex');
const CONTROL_KEY = randomBytes(24).toString('hex');
const CONNECTION = 'Campanhas E2E';
const LIST = 'Clientes E2E';
const CAMPAIGN = 'Oferta E2E';
const CONTACTS = [
  { name: 'Maria Campanha', number: '5511987650001', email: 'maria@e2e.test' },
  { name: 'João Campanha', number: '5511987650002', email: '' },
];
const LIVE_MS = 30_000;
const FINISH_MS = 60_000;

const texts = ptBR;
const fill = (text: string, values: Record<string, string | number>) =>
  Object.entries(values).reduce((s, [k, v]) => s.replace(`{{${k}}}`, String(v)), text);

let platform: Platform;
let consoleServer: { url: string; stop(): Promise<void> };
let distDir: string;
let browser: Browser;
let session: {
  url: string;
  sent: { id: string; to: { number: string }; body: string }[];
  release: () => void;
};
let stopSession: () => Promise<void>;

/** The browser page once logged in (its text is shown when a step fails). */
let current: Page | undefined;

const step = stepRunner(() => ({ page: current, showText: true }));

/**
 * The session's control server as the api calls it (channels-common "api → session control
 * server"): every number has WhatsApp, and a send answers a wid, the same one for a repeated
 * id (nothing sent twice). Sends wait until `release()`, so the test can watch the report
 * before any delivery and then see it move live.
 */
async function startControlServer() {
  const sent: { id: string; to: { number: string }; body: string }[] = [];
  const wids = new Map<string, string>();
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (d) => (raw += d));
    req.on('end', () => {
      const answer = (status: number, body?: unknown) => {
        res.writeHead(status, { 'Content-Type': 'application/json' });
        res.end(body === undefined ? '' : JSON.stringify(body));
      };
      if (req.url === '/health') return answer(200, { status: 'ok', connection: 'CONNECTED' });
      if (req.headers.authorization !== `Bearer ${CONTROL_KEY}`) return answer(401, {});
      const body = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
      if (req.url === '/check-number')
        return answer(200, { exists: true, number: body.number, lid: null });
      if (req.url === '/messages')
        return void released.then(() => {
          const id = String(body.id);
          if (!wids.has(id)) {
            wids.set(id, `3EB0${randomBytes(8).toString('hex').toUpperCase()}`);
            sent.push(body as (typeof sent)[number]);
          }
          answer(200, { wid: wids.get(id) });
        });
      answer(204);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    session: { url: `http://127.0.0.1:${port}`, sent, release },
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

beforeAll(async () => {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const control = await startControlServer();
  session = control.session;
  stopSession = control.stop;
  platform = await startPlatform({
    corsOrigins: [origin],
    worker: true,
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
  await stopSession?.();
  if (distDir) fs.rmSync(distDir, { recursive: true, force: true });
});

/** A WhatsApp connection whose session reports CONNECTED and where its control server listens. */
async function connectedConnection(): Promise<void> {
  let token = '';
  const admin = createApiClient({ baseUrl: platform.apiUrl, getToken: () => token });
  token = (await admin.call('login', { body: DEMO_ADMIN })).token;
  const connection = await admin.call('whatsappCreate', {
    body: { name: CONNECTION, channel: 'whatsapp' },
  });
  const res = await fetch(
    `${platform.apiUrl}/internal/connections/${connection.id}/session-credentials`,
    { method: 'POST', headers: { Authorization: `Bearer ${INTERNAL_TOKEN}` } },
  );
  expect(res.status).toBe(200);
  const sessionToken = ((await res.json()) as { token: string }).token;
  const status = await fetch(`${platform.apiUrl}/internal/sessions/me/status`, {
    method: 'PUT',
    headers: { Authorization: `Bearer ${sessionToken}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({
      status: 'CONNECTED',
      number: '5511900000000',
      endpoint: session.url,
      controlKey: CONTROL_KEY,
    }),
  });
  expect(status.status).toBe(200);
}

describe('campaigns in the console', () => {
  it('creates a campaign on a new contact list and follows its report to FINALIZADA', async () => {
    let page!: Page;

    await step('0. a connected WhatsApp connection (the session played by the test)', async () => {
      await connectedConnection();
    });

    await step('1. the admin sets zero intervals and an all-week window', async () => {
      page = current = await openLoggedIn(browser, consoleServer.url, DEMO_ADMIN, LIVE_MS);
      await page.goto(`${consoleServer.url}/campaigns`);
      await page.getByRole('link', { name: texts.campaignSettings.title, exact: true }).click();
      await page.waitForURL((url) => url.pathname === '/campaigns-config');
      const s = texts.campaignSettings;
      await page.getByLabel(s.messageInterval, { exact: true }).waitFor({ timeout: LIVE_MS });
      await expectNoAxeViolations(page, '/campaigns-config');
      await page.getByLabel(s.messageInterval, { exact: true }).selectOption('0');
      await page.getByLabel(s.longerIntervalAfter, { exact: true }).selectOption('0');
      await page.getByLabel(s.greaterInterval, { exact: true }).selectOption('0');
      await page.getByLabel(s.startHour, { exact: true }).fill('00:00');
      await page.getByLabel(s.endHour, { exact: true }).fill('23:59');
      await page.getByLabel(s.sabado, { exact: true }).check();
      await page.getByLabel(s.domingo, { exact: true }).check();
      await page.getByRole('button', { name: s.save, exact: true }).click();
      await page.getByText(s.saved, { exact: true }).waitFor({ timeout: LIVE_MS });
    });

    await step('2. the admin creates a contact list with two contacts', async () => {
      await page.goto(`${consoleServer.url}/contact-lists`);
      await page.getByRole('button', { name: texts.contactLists.add, exact: true }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel(texts.contactListDialog.name, { exact: true }).fill(LIST);
      await dialog.getByRole('button', { name: texts.contactListDialog.save }).click();
      await dialog.waitFor({ state: 'detached', timeout: LIVE_MS });
      await page
        .getByRole('link', { name: fill(texts.contactLists.open, { name: LIST }) })
        .click({ timeout: LIVE_MS });
      await page.getByRole('heading', { name: LIST }).waitFor({ timeout: LIVE_MS });
      for (const contact of CONTACTS) {
        await page.getByRole('button', { name: texts.contactListItems.add, exact: true }).click();
        const item = page.getByRole('dialog');
        const d = texts.contactListItemDialog;
        await item.getByLabel(d.name, { exact: true }).fill(contact.name);
        await item.getByLabel(d.number, { exact: true }).fill(contact.number);
        await item.getByLabel(d.email, { exact: true }).fill(contact.email);
        await item.getByRole('button', { name: d.save, exact: true }).click();
        await item.waitFor({ state: 'detached', timeout: LIVE_MS });
        // Checked on the connected session: the number has WhatsApp.
        await page
          .getByRole('row', { name: contact.name })
          .getByRole('img', { name: texts.contactListItems.validYes })
          .waitFor({ timeout: LIVE_MS });
      }
    });

    await step('3. the admin creates a campaign on the list, scheduled now', async () => {
      await page.goto(`${consoleServer.url}/campaigns`);
      await page.getByRole('button', { name: texts.campaigns.add, exact: true }).click();
      const dialog = page.getByRole('dialog');
      const d = texts.campaignDialog;
      await dialog.getByLabel(d.name, { exact: true }).fill(CAMPAIGN);
      await dialog.getByLabel(d.connection, { exact: true }).selectOption({ label: CONNECTION });
      await dialog.getByLabel(d.contactList, { exact: true }).selectOption({ label: LIST });
      // The current minute in the browser's own time zone: already due.
      const now = await page.evaluate(() => {
        const d = new Date();
        const p = (n: number) => String(n).padStart(2, '0');
        return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}`;
      });
      await dialog.getByLabel(d.scheduledAt, { exact: true }).fill(now);
      await dialog
        .getByLabel(fill(d.message, { n: 1 }), { exact: true })
        .fill('Olá {nome}, oferta de hoje!');
      await dialog.getByRole('button', { name: d.add, exact: true }).click();
      await dialog.waitFor({ state: 'detached', timeout: LIVE_MS });
      await page.getByRole('row', { name: CAMPAIGN }).waitFor({ timeout: LIVE_MS });
    });

    await step(
      '4. its report shows nothing delivered while the session holds the sends',
      async () => {
        await page
          .getByRole('link', { name: fill(texts.campaigns.report, { name: CAMPAIGN }) })
          .click({ timeout: LIVE_MS });
        await page.waitForURL((url) => /^\/campaign\/\d+\/report$/.test(url.pathname));
        await page
          .getByText(fill(texts.campaignReport.progress, { delivered: 0, valid: 2 }), {
            exact: true,
          })
          .waitFor({ timeout: LIVE_MS });
        expect(session.sent).toHaveLength(0);
      },
    );

    await step('5. the session sends: the report goes live to FINALIZADA, 2 of 2', async () => {
      session.release();
      const finished = fill(texts.campaignReport.status, {
        status: texts.campaigns.statuses.FINALIZADA,
      });
      await page.getByText(finished, { exact: true }).waitFor({ timeout: FINISH_MS });
      await page
        .getByText(fill(texts.campaignReport.progress, { delivered: 2, valid: 2 }), {
          exact: true,
        })
        .waitFor({ timeout: LIVE_MS });
      const bar = page.getByRole('progressbar', { name: texts.campaignReport.progressLabel });
      expect(await bar.getAttribute('aria-valuenow')).toBe('100');

      expect(session.sent.map((m) => m.body).sort()).toEqual([
        'Olá João Campanha, oferta de hoje!',
        'Olá Maria Campanha, oferta de hoje!',
      ]);
      expect(new Set(session.sent.map((m) => m.to.number))).toEqual(
        new Set(CONTACTS.map((c) => c.number)),
      );
    });
  }, 240_000);
});
