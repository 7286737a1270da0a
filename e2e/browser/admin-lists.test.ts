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
 * The admin's lists that queues and connections pick from (docs/product/queues-and-chatbots.md#file-lists,
 * docs/product/queues-and-chatbots.md#ai-prompts),
 * against the real api: an admin adds a file list with a file attached, the upload lands on the
 * file of its row (the api holds it, sniffed and private), and reopening the list shows the
 * file; an admin adds an AI prompt for a queue, and its key is stored but never shown again.
 */

const DEMO_ADMIN = { email: 'admin@demo.atendo.local', password: 'demo123' };
const LIVE_MS = 20_000;
const texts = ptBR;
/** A valid 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

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

describe("the admin's lists in the console", () => {
  it('adds a file list with a file; the upload lands on its row and shows when reopened', async () => {
    let page!: Page;
    const d = texts.fileListDialog;

    await step(
      '1. the admin opens /files and adds a list with two files, one attached',
      async () => {
        page = await openLoggedIn(browser, consoleServer.url, DEMO_ADMIN, LIVE_MS);
        page.on('pageerror', (err) => pageErrors.push(err.message));
        current = page;
        await page.goto(`${consoleServer.url}/files`);
        await page.getByText(texts.fileLists.empty).waitFor({ timeout: LIVE_MS });
        await expectNoAxeViolations(page, '/files');
        await page.getByRole('button', { name: texts.fileLists.add, exact: true }).click();
        const dialog = page.getByRole('dialog', { name: d.addTitle });
        await dialog.getByLabel(d.name, { exact: true }).fill('Tabela de preços');
        await dialog.getByLabel(d.message, { exact: true }).fill('Seguem nossas tabelas');
        const addFile = dialog.getByRole('button', { name: d.addFile, exact: true });
        await addFile.click();
        await addFile.click();
        await dialog.getByLabel(d.caption.replace('{{number}}', '1')).fill('Sem arquivo ainda');
        await dialog.getByLabel(d.caption.replace('{{number}}', '2')).fill('Logo da loja');
        await dialog
          .getByLabel(d.attach.replace('{{number}}', '2'))
          .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG });
        await dialog.getByText('logo.png').waitFor({ timeout: LIVE_MS });
        await dialog.getByRole('button', { name: d.save, exact: true }).click();
        await dialog.waitFor({ state: 'detached', timeout: LIVE_MS });
        await page.getByText(d.saved).first().waitFor({ timeout: LIVE_MS });
        await page
          .getByRole('cell', { name: 'Tabela de preços', exact: true })
          .waitFor({ timeout: LIVE_MS });
      },
    );

    let listId = 0;
    await step('2. the api holds the list; the file went to the second row, sniffed', async () => {
      const api = await browserClient(page);
      const { files } = await api.call('filesIndex', { query: { searchParam: 'Tabela' } });
      expect(files).toHaveLength(1);
      listId = files[0]!.id;
      const list = await api.call('filesShow', { params: { id: listId } });
      expect(list).toMatchObject({ name: 'Tabela de preços', message: 'Seguem nossas tabelas' });
      expect(list.options).toEqual([
        expect.objectContaining({ name: 'Sem arquivo ainda', path: null, mediaUrl: null }),
        expect.objectContaining({
          name: 'Logo da loja',
          mediaType: 'image/png',
          mediaUrl: expect.stringMatching(/^\/private\/\d+\/[0-9a-f]{32}\.png$/),
        }),
      ]);
    });

    await step('3. reopened, the list shows its uploaded file', async () => {
      await page
        .getByRole('button', { name: texts.fileLists.edit.replace('{{name}}', 'Tabela de preços') })
        .click();
      const dialog = page.getByRole('dialog', { name: d.editTitle });
      await dialog.getByRole('link', { name: /\.png$/ }).waitFor({ timeout: LIVE_MS });
      expect(await dialog.getByLabel(d.caption.replace('{{number}}', '2')).inputValue()).toBe(
        'Logo da loja',
      );
    });
  });
  it('adds a prompt for a queue; the key is stored and never shown again', async () => {
    let page!: Page;
    const d = texts.promptDialog;
    const KEY = 'sk-e2e-secret-key';
    let queueName = '';

    await step('1. a queue exists; the admin adds a prompt for it on /prompts', async () => {
      page = await openLoggedIn(browser, consoleServer.url, DEMO_ADMIN, LIVE_MS);
      page.on('pageerror', (err) => pageErrors.push(err.message));
      current = page;
      const api = await browserClient(page);
      queueName = (
        await api.call('queuesCreate', { body: { name: 'Vendas IA', color: '#0a7d3b' } })
      ).name;
      await page.goto(`${consoleServer.url}/prompts`);
      await page.getByText(texts.prompts.empty).waitFor({ timeout: LIVE_MS });
      await page.getByRole('button', { name: texts.prompts.add, exact: true }).click();
      const dialog = page.getByRole('dialog', { name: d.addTitle });
      await dialog.getByLabel(d.name, { exact: true }).fill('Assistente de vendas');
      await dialog
        .getByLabel(d.prompt, { exact: true })
        .fill('Você é a assistente de vendas da loja. Responda com gentileza e clareza, sempre.');
      await dialog.getByLabel(d.queue, { exact: true }).selectOption({ label: queueName });
      await dialog.getByLabel(d.apiKey, { exact: true }).fill(KEY);
      await dialog.getByRole('button', { name: d.save, exact: true }).click();
      await dialog.waitFor({ state: 'detached', timeout: LIVE_MS });
      await page
        .getByRole('cell', { name: 'Assistente de vendas', exact: true })
        .waitFor({ timeout: LIVE_MS });
      await page.getByRole('cell', { name: queueName, exact: true }).waitFor({ timeout: LIVE_MS });
    });

    await step('2. the api holds it with its defaults; no answer carries the key', async () => {
      const api = await browserClient(page);
      const { prompts } = await api.call('promptsIndex', { query: {} });
      expect(prompts).toHaveLength(1);
      const prompt = await api.call('promptsShow', { params: { id: prompts[0]!.id } });
      expect(prompt).toMatchObject({
        name: 'Assistente de vendas',
        queue: { name: queueName },
        maxTokens: 100,
        temperature: 1,
        maxMessages: 10,
        voice: 'texto',
        hasApiKey: true,
      });
      expect(JSON.stringify([prompts, prompt])).not.toContain(KEY);
    });

    await step('3. reopened, the key field is empty with the stored-key hint', async () => {
      await page
        .getByRole('button', {
          name: texts.prompts.edit.replace('{{name}}', 'Assistente de vendas'),
        })
        .click();
      const dialog = page.getByRole('dialog', { name: d.editTitle });
      await dialog.getByText(d.apiKeyStored).waitFor({ timeout: LIVE_MS });
      expect(await dialog.getByLabel(d.apiKey, { exact: true }).inputValue()).toBe('');
    });
  });
});
