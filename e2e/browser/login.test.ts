import { createApiClient } from '@atendo/api-client';
import {
  DRAWER_ROUTES,
  drawerItemsFor,
  type DrawerItem,
  type PermissionUser,
} from '@atendo/domain';
import fs from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ptBR } from '@atendo/web/i18n';
import { startPlatform, type Platform } from '@atendo/testing/platform';
import { freePort } from '@atendo/testing/ports';
import { expectNoAxeViolations } from './support/axe.js';
import { launchChromium } from './support/chromium.js';
import { buildConsole, serveConsole } from './support/console.js';
import { until } from './support/steps.js';

const DEMO_ADMIN = { email: 'admin@demo.atendo.local', password: 'demo123' };
const DEMO_AGENT = { email: 'agent@demo.atendo.local', password: 'demo123' };
const SUPER_ADMIN = { email: 'admin@atendo.local', password: 'admin123' };
const ADMIN_ONLY: DrawerItem[] = [
  'users',
  'queues',
  'connections',
  'files',
  'financeiro',
  'settings',
  'dashboard',
  'reports',
];

let platform: Platform;
let consoleServer: { url: string; stop(): Promise<void> };
let distDir: string;
let browser: Browser;

/** What the drawer must show for a user, decided by the shared permissions module from the api's answers. */
async function expectedDrawer(credentials: {
  email: string;
  password: string;
}): Promise<DrawerItem[]> {
  let token = '';
  const client = createApiClient({ baseUrl: platform.apiUrl, getToken: () => token });
  const login = await client.call('login', { body: credentials });
  token = login.token;
  const { plan } = await client.call('companiesListPlan', { params: { id: login.user.companyId } });
  const helps = await client.call('helpsList');
  return drawerItemsFor(login.user as PermissionUser, { plan, hasHelps: helps.length > 0 });
}

/** The drawer's links as the browser exposes them: accessible name and target. */
async function drawerLinks(page: Page): Promise<{ name: string; href: string }[]> {
  const nav = page.getByRole('navigation', { name: ptBR.shell.drawer });
  await page
    .locator('nav[aria-busy="false"]')
    .getByRole('link', { name: ptBR.drawer.tickets, exact: true })
    .waitFor();
  return nav.getByRole('link').evaluateAll((links) =>
    links.map((a) => ({
      name: a.getAttribute('aria-label') ?? a.textContent ?? '',
      href: new URL((a as HTMLAnchorElement).href).pathname,
    })),
  );
}

async function logIn(page: Page, credentials: { email: string; password: string }): Promise<void> {
  await page.goto(`${consoleServer.url}/login`);
  await page.getByLabel(ptBR.login.email, { exact: true }).fill(credentials.email);
  await page.getByLabel(ptBR.login.password, { exact: true }).fill(credentials.password);
  await page.getByRole('button', { name: ptBR.login.submit, exact: true }).click();
}

async function newPage(): Promise<Page> {
  const context = await browser.newContext({ locale: 'pt-BR' });
  return context.newPage();
}

beforeAll(async () => {
  // The console's origin must be known before the api starts, for CORS.
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  platform = await startPlatform({ corsOrigins: [origin], env: { LOGIN_RATE_LIMIT: '1000' } });
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

describe('console login', () => {
  it('sends an unauthenticated visit to /tickets to /login', async () => {
    const page = await newPage();
    await page.goto(`${consoleServer.url}/tickets`);
    await page.waitForURL((url) => url.pathname === '/login');
    // The login page renders once the public userCreation setting has been read: wait for it.
    await page
      .getByRole('button', { name: ptBR.login.submit, exact: true })
      .waitFor({ state: 'visible' });
    // userCreation is enabled on the seeded platform, so the signup link shows.
    await page.getByRole('link', { name: ptBR.login.signupLink }).waitFor({ state: 'visible' });
    await expectNoAxeViolations(page, 'login');
    await page.context().close();
  });

  it('shows the translated ERR_INVALID_CREDENTIALS toast for a wrong password', async () => {
    const page = await newPage();
    await logIn(page, { email: DEMO_ADMIN.email, password: 'wrong-password' });
    const toast = page.getByText(ptBR.backendErrors.ERR_INVALID_CREDENTIALS, { exact: true });
    await toast.waitFor({ timeout: 15_000 });
    expect(new URL(page.url()).pathname).toBe('/login');
    const password = page.getByLabel(ptBR.login.password, { exact: true });
    expect(await password.getAttribute('type')).toBe('password');
    await page.getByRole('button', { name: ptBR.login.showPassword }).click();
    expect(await password.getAttribute('type')).toBe('text');
    await page.context().close();
  });

  it('logs the demo admin in and shows exactly the admin drawer for the plan', async () => {
    const expected = await expectedDrawer(DEMO_ADMIN);
    expect(expected).toEqual(expect.arrayContaining(ADMIN_ONLY));

    const page = await newPage();
    await logIn(page, DEMO_ADMIN);
    await page.waitForURL((url) => url.pathname === '/tickets');
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeTruthy();
    expect(await page.evaluate(() => localStorage.getItem('companyDueDate'))).toMatch(
      /^\d{4}-\d{2}-\d{2}/,
    );

    const links = await drawerLinks(page);
    expect(links).toEqual(
      expected.map((item) => ({ name: ptBR.drawer[item], href: DRAWER_ROUTES[item] })),
    );
    await expectNoAxeViolations(page, 'tickets, the demo admin');
    // The seeded users keep the drawer closed (defaultMenu); expanded, it shows headings and the version.
    const nav = page.getByRole('navigation', { name: ptBR.shell.drawer });
    const expand = page.getByRole('button', { name: ptBR.shell.expand });
    if (await expand.count()) await expand.click();
    await nav.getByRole('heading', { name: ptBR.shell.administration }).waitFor();
    await nav.getByRole('heading', { name: ptBR.shell.management }).waitFor();
    await page.getByTestId('backend-version').waitFor();
    expect(await drawerLinks(page)).toEqual(links);

    // A drawer link opens its page shell.
    await nav.getByRole('link', { name: ptBR.drawer.users, exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/users');
    await page.getByRole('heading', { name: ptBR.drawer.users, level: 1 }).waitFor();

    // A reload keeps the session (the stored token is checked with GET /auth/me).
    await page.reload();
    await page.getByRole('heading', { name: ptBR.drawer.users, level: 1 }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/users');

    // Logout ends the session and returns to the login page.
    await page.getByRole('button', { name: ptBR.shell.userMenu }).click();
    await page.getByRole('menuitem', { name: ptBR.shell.logout }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await page.goto(`${consoleServer.url}/users`);
    await page.waitForURL((url) => url.pathname === '/login');
    await page.context().close();
  });

  it('logs the demo agent in without the administration items', async () => {
    const expected = await expectedDrawer(DEMO_AGENT);
    for (const item of ADMIN_ONLY) expect(expected).not.toContain(item);

    const page = await newPage();
    await logIn(page, DEMO_AGENT);
    await page.waitForURL((url) => url.pathname === '/tickets');
    const links = await drawerLinks(page);
    expect(links).toEqual(
      expected.map((item) => ({ name: ptBR.drawer[item], href: DRAWER_ROUTES[item] })),
    );
    const names = links.map((l) => l.name);
    for (const item of ['tickets', 'quick-messages', 'contacts', 'tags'] as const)
      expect(names).toContain(ptBR.drawer[item]);
    for (const item of ADMIN_ONLY) expect(names).not.toContain(ptBR.drawer[item]);
    const nav = page.getByRole('navigation', { name: ptBR.shell.drawer });
    expect(await nav.getByRole('heading', { name: ptBR.shell.administration }).count()).toBe(0);

    // The dashboard is closed to a plain user without showDashboard: the 403 page.
    await page.goto(`${consoleServer.url}/`);
    await page.getByRole('heading', { name: ptBR.errors.forbidden }).waitFor();
    await page.getByRole('link', { name: ptBR.common.back }).click();
    await page.waitForURL((url) => url.pathname === '/tickets');
    await page.context().close();
  });

  it('shows the super admin the platform entries and ends the session on another login', async () => {
    const expected = await expectedDrawer(SUPER_ADMIN);
    expect(expected).toEqual(
      expect.arrayContaining(['companies', 'announcements', 'all-connections']),
    );

    const page = await newPage();
    await logIn(page, SUPER_ADMIN);
    await page.waitForURL((url) => url.pathname === '/tickets');
    const links = await drawerLinks(page);
    expect(links).toEqual(
      expected.map((item) => ({ name: ptBR.drawer[item], href: DRAWER_ROUTES[item] })),
    );
    // Admins see the company and its due date in the header.
    await expect(page.getByTestId('company-info').textContent()).resolves.toContain('31/12/2999');

    // The company's socket is open: another login of this user ends this session.
    const token = await page.evaluate(() => localStorage.getItem('token'));
    const asBrowser = createApiClient({ baseUrl: platform.apiUrl, getToken: () => token });
    const me = await asBrowser.call('me');
    await until(
      async () => (await asBrowser.call('usersShow', { params: { id: me.id } })).online === true,
      // The browser's socket connects on its own schedule.
      'the browser user online',
      15_000,
    );
    await createApiClient({ baseUrl: platform.apiUrl }).call('login', { body: SUPER_ADMIN });
    await page.getByText(ptBR.session.otherLogin, { exact: true }).waitFor();
    await page.waitForURL((url) => url.pathname === '/login');
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await page.context().close();
  });

  it('signs a company up through /signup and logs its admin in', async () => {
    const page = await newPage();
    await page.goto(`${consoleServer.url}/login`);
    await page.getByRole('link', { name: ptBR.login.signupLink }).click();
    await page.waitForURL((url) => url.pathname === '/signup');

    // The shared schema's messages (docs/product/users-and-auth.md#validation) show for an empty form.
    await page.getByRole('button', { name: ptBR.signup.submit, exact: true }).click();
    await page.getByText('CPF/CNPJ é obrigatório', { exact: true }).waitFor();
    expect(await page.getByText('Obrigatório', { exact: true }).count()).toBe(6);

    const email = `owner-${Date.now()}@example.com`;
    const document = page.getByLabel(ptBR.signup.document, { exact: true });
    await document.pressSequentially('52998224725');
    expect(await document.inputValue()).toBe('529.982.247-25');
    await page.getByLabel(ptBR.signup.companyName, { exact: true }).fill('Padaria Browser');
    await page.getByLabel(ptBR.signup.name, { exact: true }).fill('Dona Browser');
    await page.getByLabel(ptBR.signup.email, { exact: true }).fill(email);
    await page.getByLabel(ptBR.signup.password, { exact: true }).fill('secret123');
    await page.getByLabel(ptBR.signup.phone, { exact: true }).fill('11999990000');
    const plan = page.getByLabel(ptBR.signup.plan, { exact: true });
    await until(async () => (await plan.locator('option').count()) > 1, 'the plans listed', 15_000);
    await plan.selectOption({ index: 1 });
    await page.getByRole('button', { name: ptBR.signup.submit, exact: true }).click();
    await page.getByText(ptBR.signup.success, { exact: true }).waitFor();
    await page.waitForURL((url) => url.pathname === '/login');

    await logIn(page, { email, password: 'secret123' });
    await page.waitForURL((url) => url.pathname === '/tickets');
    await page.context().close();
  });

  // Last: it leaves the demo company expired.
  it('sends an expired company to /financeiro-aberto with the token kept', async () => {
    let token = '';
    const asSuper = createApiClient({ baseUrl: platform.apiUrl, getToken: () => token });
    token = (await asSuper.call('login', { body: SUPER_ADMIN })).token;
    const agent = await createApiClient({ baseUrl: platform.apiUrl }).call('login', {
      body: DEMO_AGENT,
    });
    await asSuper.call('companiesUpdate', {
      params: { id: agent.user.companyId },
      body: { dueDate: '2020-01-15' },
    });

    const page = await newPage();
    await logIn(page, DEMO_AGENT);
    await page.waitForURL((url) => url.pathname === '/financeiro-aberto');
    const message = ptBR.session.expired.replace('{{date}}', '15/01/2020');
    await page.getByRole('alert').filter({ hasText: message }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeTruthy();
    // The shell stays closed while the subscription is expired.
    await page.goto(`${consoleServer.url}/tickets`);
    await page.waitForURL((url) => url.pathname === '/financeiro-aberto');
    await page.context().close();
  });
});
