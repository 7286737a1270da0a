import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { createApiClient } from '@atendo/api-client';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ptBR } from '@atendo/web/i18n';
import { startFakePix, type FakePix } from '@atendo/testing/fake-pix';
import { startPlatform, type Platform } from '@atendo/testing/platform';
import { freePort } from '@atendo/testing/ports';
import { expectNoAxeViolations } from './support/axe.js';
import { launchChromium } from './support/chromium.js';
import { buildConsole, serveConsole } from './support/console.js';
import { openLoggedIn } from './support/session.js';
import { stepRunner, until } from './support/steps.js';

/**
 * Issue 10, Done when: "a super admin creates a plan and a company, changes the whitelabel
 * primary colour and sees it applied; the new company's admin logs in, adds a user, opens
 * /financeiro, pays an invoice through the checkout against the fake provider, and sees the due
 * date move." The platform runs with Temporal and the real worker (the billing sweep issues the
 * invoice); the payment provider is the local fake of Mercado Pago's protocol, whose signed
 * notification this test posts as the provider would once the payer scans the code.
 */

const SUPER_ADMIN = { email: 'admin@atendo.local', password: 'admin123' };
const PLAN = 'Plano E2E';
const COMPANY = 'Empresa Administração E2E';
const OWNER = { email: 'dona@admin-e2e.test', password: 'dona123' };
const NEW_USER = { name: 'Atendente Novo', email: 'novo@admin-e2e.test', password: 'novo123' };
const BRAND = '#aa00cc';
const STEP_MS = 30_000;

const texts = ptBR;
const fill = (text: string, values: Record<string, string | number>) =>
  Object.entries(values).reduce((s, [k, v]) => s.replace(`{{${k}}}`, String(v)), text);
const exec = promisify(execFile);

let platform: Platform;
let fake: FakePix;
let consoleServer: { url: string; stop(): Promise<void> };
let distDir: string;
let browser: Browser;
/** The page a step acts on (its text is shown when the step fails). */
let current: Page | undefined;

const step = stepRunner(() => ({ page: current, showText: true }));

/** The primary colour token the console's theme applies on <html>. */
const primaryToken = (page: Page) =>
  page.evaluate(() =>
    getComputedStyle(document.documentElement).getPropertyValue('--primary').trim().toLowerCase(),
  );

/** The temporal CLI the project's setup installs. */
function temporalCli(): string {
  return (
    process.env.TEMPORAL_CLI_PATH ?? path.join(os.homedir(), '.cache', 'atendo', 'bin', 'temporal')
  );
}

/** A super-admin api client (to read what the console did, never to do it). */
async function superClient() {
  let token = '';
  const client = createApiClient({ baseUrl: platform.apiUrl, getToken: () => token });
  token = (await client.call('login', { body: SUPER_ADMIN })).token;
  return client;
}

beforeAll(async () => {
  fake = await startFakePix();
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  platform = await startPlatform({
    worker: true,
    corsOrigins: [origin],
    env: {
      LOGIN_RATE_LIMIT: '1000',
      MERCADOPAGO_API_URL: fake.url,
      MERCADOPAGO_ACCESS_TOKEN: fake.accessToken,
      MERCADOPAGO_WEBHOOK_SECRET: fake.webhookSecret,
    },
  });
  distDir = await buildConsole(platform.apiUrl);
  consoleServer = await serveConsole(distDir, port);
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await consoleServer?.stop();
  await platform?.stop();
  await fake?.close();
  if (distDir) fs.rmSync(distDir, { recursive: true, force: true });
});

describe('administration, end to end', () => {
  it('a super admin sets up a plan, a company and the brand; the company admin adds a user and pays an invoice by Pix', async () => {
    const admin = await openLoggedIn(browser, consoleServer.url, SUPER_ADMIN, STEP_MS);
    current = admin;

    await step('the super admin creates a plan', async () => {
      await admin.goto(`${consoleServer.url}/settings?tab=plans`);
      const form = admin.getByRole('form', { name: texts.plans.formTitle });
      await form.getByLabel(texts.plans.name, { exact: true }).fill(PLAN);
      await form.getByLabel(texts.plans.users, { exact: true }).fill('5');
      await form.getByLabel(texts.plans.connections, { exact: true }).fill('3');
      await form.getByLabel(texts.plans.queues, { exact: true }).fill('3');
      await form.getByLabel(texts.plans.amount, { exact: true }).fill('49');
      await form.getByRole('button', { name: texts.plans.save, exact: true }).click();
      await admin.getByText(texts.plans.saved).first().waitFor({ timeout: STEP_MS });
      await admin
        .getByRole('table', { name: texts.plans.title })
        .getByRole('cell', { name: PLAN, exact: true })
        .waitFor({ timeout: STEP_MS });
    });

    await step('the super admin creates a company on that plan', async () => {
      await admin.goto(`${consoleServer.url}/companies`);
      const form = admin.getByRole('form', { name: texts.companies.formTitle });
      await form.getByLabel(texts.companies.name, { exact: true }).fill(COMPANY);
      await form.getByLabel(texts.companies.email, { exact: true }).fill(OWNER.email);
      await form.getByLabel(texts.companies.password, { exact: true }).fill(OWNER.password);
      const plan = form.getByLabel(texts.companies.plan, { exact: true });
      // Options read "<name> — R$ <amount>".
      const value = await plan.locator('option', { hasText: PLAN }).getAttribute('value');
      await plan.selectOption(value!);
      await form.getByRole('button', { name: texts.companies.save, exact: true }).click();
      await admin
        .getByRole('cell', { name: COMPANY, exact: true })
        .first()
        .waitFor({ timeout: STEP_MS });
    });

    await step('the super admin changes the primary colour and sees it applied', async () => {
      await admin.goto(`${consoleServer.url}/settings?tab=whitelabel`);
      expect(await primaryToken(admin)).not.toBe(BRAND);
      // What the browser's own colour picker does on a pick: the value set natively, then an
      // input event (Playwright's fill would go through the page's value setter instead).
      await admin
        .getByLabel(texts.whitelabel.primaryColorLight, { exact: true })
        .evaluate((input: HTMLInputElement, color) => {
          Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(
            input,
            color,
          );
          input.dispatchEvent(new Event('input', { bubbles: true }));
        }, BRAND);
      await admin.getByText(texts.whitelabel.updated).first().waitFor({ timeout: STEP_MS });
      expect(await primaryToken(admin)).toBe(BRAND);
      // Saved for the platform: a fresh load keeps it.
      await admin.reload();
      await until(
        async () => ((await primaryToken(admin)) === BRAND ? true : undefined),
        'the brand colour applied',
        STEP_MS,
      );
    });

    const su = await superClient();
    const company = (await su.call('companiesList')).find((c) => c.name === COMPANY);
    expect(company).toBeTruthy();
    const companyId = company!.id;
    const dueBefore = String(company!.dueDate).slice(0, 10);

    await step("the nightly billing sweep issues the company's invoice", async () => {
      await exec(temporalCli(), [
        'schedule',
        'trigger',
        '--schedule-id',
        'billing-sweep',
        '--address',
        platform.temporalAddress!,
      ]);
      await until(
        async () => {
          const page = await su.call('invoicesAll', { query: { companyId } });
          const invoices = Array.isArray(page) ? page : page.invoices;
          return invoices.length > 0 ? invoices : undefined;
        },
        'an invoice issued',
        STEP_MS,
      );
    });

    const owner = await openLoggedIn(browser, consoleServer.url, OWNER, STEP_MS);
    current = owner;

    await step("the company's console wears the platform's colour", async () => {
      await until(
        async () => ((await primaryToken(owner)) === BRAND ? true : undefined),
        'the brand colour applied',
        STEP_MS,
      );
    });

    await step('the company admin adds a user', async () => {
      await owner.goto(`${consoleServer.url}/users`);
      await owner.getByRole('button', { name: texts.users.add, exact: true }).click();
      const dialog = owner.getByRole('dialog', { name: texts.userModal.addTitle });
      await dialog.getByLabel(texts.userModal.name, { exact: true }).fill(NEW_USER.name);
      await dialog.getByLabel(texts.userModal.email, { exact: true }).fill(NEW_USER.email);
      await dialog.getByLabel(texts.userModal.password, { exact: true }).fill(NEW_USER.password);
      await dialog.getByRole('button', { name: texts.userModal.save, exact: true }).click();
      await owner
        .getByRole('cell', { name: NEW_USER.email, exact: true })
        .waitFor({ timeout: STEP_MS });
      await expectNoAxeViolations(owner, '/users');
    });

    let paymentId = 0;
    await step(
      'the company admin opens /financeiro and pays the invoice through the checkout',
      async () => {
        await owner.goto(`${consoleServer.url}/financeiro`);
        const table = owner.getByRole('table', { name: texts.invoices.title });
        await table.getByRole('button', { name: texts.invoices.pay, exact: true }).first().click();
        const dialog = owner.getByRole('dialog', { name: texts.checkout.title });
        await dialog.getByLabel(texts.checkout.fullName, { exact: true }).fill('Dona da Empresa');
        await dialog.getByLabel(texts.checkout.document, { exact: true }).fill('11222333000181');
        await dialog.getByRole('button', { name: texts.checkout.next, exact: true }).click();
        await dialog
          .getByRole('region', { name: texts.checkout.currentPlan })
          .getByText(fill(texts.checkout.planTitle, { name: PLAN }))
          .waitFor({ timeout: STEP_MS });
        await dialog.getByRole('button', { name: texts.checkout.next, exact: true }).click();
        await dialog.getByRole('button', { name: texts.checkout.pay, exact: true }).click();
        await dialog.getByText(texts.checkout.pixTitle).first().waitFor({ timeout: STEP_MS });
        const code = await dialog.getByLabel(texts.checkout.pixCode, { exact: true }).inputValue();
        const payment = [...fake.payments.values()].find((p) =>
          code.includes(p.point_of_interaction.transaction_data.qr_code),
        );
        expect(payment, 'the Pix code shown is the charge the provider made').toBeTruthy();
        expect(payment!.transaction_amount).toBe(49);
        paymentId = payment!.id;
      },
    );

    await step('the payer pays; the console shows the new due date and goes home', async () => {
      const answer = await fake.payAndNotify(`${platform.apiUrl}/subscription/webhook`, paymentId);
      expect(answer.status).toBe(200);
      const paid = await until(
        async () => {
          const c = (await su.call('companiesList')).find((x) => x.id === companyId);
          const due = String(c?.dueDate ?? '').slice(0, 10);
          return due && due !== dueBefore ? due : undefined;
        },
        'the due date moved',
        STEP_MS,
      );
      expect(paid > dueBefore).toBe(true);
      const [y, m, d] = paid.split('-');
      const dialog = owner.getByRole('dialog', { name: texts.checkout.title });
      await dialog
        .getByText(fill(texts.checkout.success, { date: `${d}/${m}/${y}` }))
        .waitFor({ timeout: STEP_MS });
      await owner.waitForURL((url) => url.pathname === '/', { timeout: STEP_MS });
      await owner.goto(`${consoleServer.url}/financeiro`);
      await owner
        .getByRole('table', { name: texts.invoices.title })
        .getByRole('button', { name: texts.invoices.paidButton, exact: true })
        .first()
        .waitFor({ timeout: STEP_MS });
    });
  });
});
