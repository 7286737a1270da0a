import { createApiClient } from '@atendo/api-client';
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
 * Issue 9, Console: the schedules calendar against the real api. A contact's link
 * (/schedules?contactId=…) opens a new schedule for that contact; the admin writes the text,
 * sets the send time and saves; the agenda shows it at that time, the api holds it, and when it
 * is deleted elsewhere it leaves the calendar live (company-{id}-schedule).
 */

const DEMO_ADMIN = { email: 'admin@demo.atendo.local', password: 'demo123' };
const CONTACT = { name: 'Agenda E2E', number: '5511987650099' };
const BODY = 'Lembrete da sua consulta, {{firstName}}';
const LIVE_MS = 20_000;
const texts = ptBR;

let platform: Platform;
let consoleServer: { url: string; stop(): Promise<void> };
let distDir: string;
let browser: Browser;

const pageErrors: string[] = [];
let current: Page | undefined;

const step = stepRunner(() => ({ page: current, pageErrors }));

/** An api client on `token` (the browser's own, so no second login ends its session). */
const clientOn = (token: string) =>
  createApiClient({ baseUrl: platform.apiUrl, getToken: () => token });

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

describe('schedules in the console', () => {
  it('schedules a message for a contact from its link and follows it on the calendar', async () => {
    let contactId = 0;
    let page!: Page;
    const pad = (n: number) => String(n).padStart(2, '0');
    const today = new Date();
    const when = new Date(today.getFullYear(), today.getMonth(), today.getDate() + 1, 10, 0);
    const local = `${when.getFullYear()}-${pad(when.getMonth() + 1)}-${pad(when.getDate())}T10:00`;

    await step('1. a contact exists', async () => {
      // This api login comes before the browser's: a login ends the user's other session.
      let token = '';
      const admin = createApiClient({ baseUrl: platform.apiUrl, getToken: () => token });
      token = (await admin.call('login', { body: DEMO_ADMIN })).token;
      contactId = (await admin.call('contactsCreate', { body: CONTACT })).id;
    });

    await step(
      "2. the contact's link opens a new schedule for it; the admin saves it",
      async () => {
        page = await openLoggedIn(browser, consoleServer.url, DEMO_ADMIN, LIVE_MS);
        page.on('pageerror', (err) => pageErrors.push(err.message));
        current = page;
        await page.goto(`${consoleServer.url}/schedules?contactId=${contactId}`);
        const dialog = page.getByRole('dialog', { name: texts.scheduleModal.newTitle });
        await dialog.getByText(CONTACT.name, { exact: true }).waitFor({ timeout: LIVE_MS });
        await expectNoAxeViolations(page, 'the schedule dialog on /schedules');
        await dialog
          .getByRole('textbox', { name: texts.scheduleModal.body, exact: true })
          .fill(BODY);
        await dialog.getByLabel(texts.scheduleModal.sendAt, { exact: true }).fill(local);
        await dialog.getByRole('button', { name: texts.scheduleModal.save, exact: true }).click();
        await dialog.waitFor({ state: 'detached', timeout: LIVE_MS });
        await page.getByText(texts.scheduleModal.saved).waitFor({ timeout: LIVE_MS });
        expect(new URL(page.url()).search).toBe('');
      },
    );

    const row = () => page.locator('.rbc-agenda-table tr', { hasText: CONTACT.name });

    await step('3. the agenda shows it at its send time; the api holds it as typed', async () => {
      const agenda = page.getByRole('button', {
        name: texts.schedules.calendar.agenda,
        exact: true,
      });
      await agenda.waitFor({ timeout: LIVE_MS });
      expect(await page.getByRole('dialog').count()).toBe(0);
      await agenda.click();
      await row().waitFor({ timeout: LIVE_MS });
      expect(await row().textContent()).toContain('10:00');
      const token = await page.evaluate(() => localStorage.getItem('token'));
      const { schedules } = await clientOn(token!).call('schedulesIndex', {
        query: { searchParam: CONTACT.name, pageNumber: 1 },
      });
      expect(schedules).toHaveLength(1);
      expect(schedules[0]).toMatchObject({
        contactId,
        body: BODY,
        status: 'PENDENTE',
        sentAt: null,
        intervalo: 1,
        enviarQuantasVezes: 1,
        tipoDias: 4,
        openTicket: 'disabled',
      });
      expect(new Date(schedules[0]!.sendAt).getTime()).toBe(when.getTime());
    });

    await step('4. deleted elsewhere, it leaves the calendar live', async () => {
      const token = await page.evaluate(() => localStorage.getItem('token'));
      const client = clientOn(token!);
      const { schedules } = await client.call('schedulesIndex', {
        query: { searchParam: CONTACT.name, pageNumber: 1 },
      });
      await client.call('schedulesDelete', { params: { id: schedules[0]!.id } });
      await row().waitFor({ state: 'detached', timeout: LIVE_MS });
    });
  });
});
