/** @vitest-environment jsdom */
import type { UserView } from '@atendo/domain';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { PrivateRoute } from '@/features/auth/route-guards';
import {
  apiUrl,
  http,
  HttpResponse,
  planFixture,
  startTestApi,
  userCreation,
  userFixture,
} from '@/test/api';
import { renderWithProviders } from '@/test/render';
import { AllConnectionsPage } from './all-connections-page';

const connection = (id: number, companyId: number, name: string, status: string) => ({
  id,
  companyId,
  name,
  number: null,
  channel: 'whatsapp',
  status,
  isDefault: false,
  createdAt: null,
  updatedAt: '2026-03-04T15:06:00',
  company: { id: companyId, name: companyId === 2 ? 'Demo Ltda' : 'Loja Sul' },
});

const COMPANIES = [
  { id: 2, name: 'Demo Ltda', plan: planFixture() },
  { id: 3, name: 'Loja Sul', plan: planFixture({ useFacebook: false, useInstagram: false }) },
  { id: 4, name: 'Nova Empresa', plan: planFixture() },
];

/** Connections by company as the api holds them; POST /whatsapp adds to the one named. */
const store = new Map<number, ReturnType<typeof connection>[]>();
const created: unknown[] = [];

const server = startTestApi(
  userCreation('enabled'),
  http.get(apiUrl('/helps/list'), () => HttpResponse.json([])),
  http.get(apiUrl('/companies/list'), () => HttpResponse.json(COMPANIES)),
  http.get(apiUrl('/whatsapp/all'), () => HttpResponse.json([...store.values()].flat())),
  http.get(apiUrl('/whatsapp'), ({ request }) => {
    const companyId = Number(new URL(request.url).searchParams.get('companyId'));
    return HttpResponse.json(store.get(companyId) ?? []);
  }),
  http.post(apiUrl('/whatsapp'), async ({ request }) => {
    const body = (await request.json()) as { name: string; companyId: number };
    created.push(body);
    const row = connection(100 + created.length, body.companyId, body.name, 'DISCONNECTED');
    store.set(body.companyId, [...(store.get(body.companyId) ?? []), row]);
    return HttpResponse.json(row, { status: 201 });
  }),
);

function renderAs(user: UserView) {
  store.clear();
  created.length = 0;
  store.set(2, [connection(1, 2, 'Loja', 'CONNECTED'), connection(2, 2, 'Vendas', 'qrcode')]);
  store.set(3, [connection(3, 3, 'Sul', 'CONNECTED')]);
  localStorage.setItem('token', 'access-token');
  server.use(
    http.get(apiUrl('/auth/me'), () => HttpResponse.json(user)),
    http.get(apiUrl(`/companies/listPlan/${user.companyId}`), () =>
      HttpResponse.json({ plan: planFixture() }),
    ),
  );
  renderWithProviders(
    <Routes>
      <Route element={<PrivateRoute />}>
        <Route path="/allConnections" element={<AllConnectionsPage />} />
        <Route path="/tickets" element={<p>tickets page</p>} />
      </Route>
    </Routes>,
    { route: '/allConnections', session: true },
  );
}

const row = (name: string) =>
  screen.getByRole('row', { name: (n, el) => el.textContent?.startsWith(name) ?? false });

describe('AllConnectionsPage', () => {
  it('sends anyone but a super admin to /tickets', async () => {
    renderAs(userFixture({ super: false }));
    expect(await screen.findByText('tickets page')).toBeTruthy();
  });

  it('counts every company, one without connections too, and the grand total', async () => {
    renderAs(userFixture({ super: true }));
    await screen.findByText('Nova Empresa');
    const cells = (name: string) =>
      within(row(name))
        .getAllByRole('cell')
        .slice(1, 4)
        .map((c) => c.textContent);
    expect(cells('Demo Ltda')).toEqual(['1', '1', '2']);
    expect(cells('Loja Sul')).toEqual(['1', '0', '1']);
    expect(cells('Nova Empresa')).toEqual(['0', '0', '0']);
    expect(cells('Total geral')).toEqual(['2', '1', '3']);
  });

  it("lists a company's channels and adds one to that company, with the menu gated by its plan", async () => {
    const user = userEvent.setup();
    renderAs(userFixture({ super: true }));
    await screen.findByText('Nova Empresa');
    await user.click(screen.getByRole('button', { name: 'Canais de Loja Sul' }));
    const dialog = await screen.findByRole('dialog', { name: 'Canais de Loja Sul' });
    expect(await within(dialog).findByRole('row', { name: 'Sul' })).toBeTruthy();
    expect(within(dialog).queryByRole('row', { name: 'Loja' })).toBeNull();

    await user.click(within(dialog).getByRole('button', { name: /Nova conexão/ }));
    expect(
      (await screen.findByRole('menuitem', { name: /Facebook/ })).getAttribute('aria-disabled'),
    ).toBe('true');
    await user.click(screen.getByRole('menuitem', { name: 'WhatsApp' }));
    const form = await within(dialog).findByRole('form', { name: 'Novo canal WhatsApp' });
    // The name rules of the connection modal apply.
    await user.type(within(form).getByLabelText('Nome'), 'X');
    await user.click(within(form).getByRole('button', { name: 'Salvar' }));
    expect(await within(form).findByRole('alert')).toBeTruthy();
    expect(created).toEqual([]);

    await user.type(within(form).getByLabelText('Nome'), 'Atendimento Sul');
    await user.click(within(form).getByRole('button', { name: 'Salvar' }));
    expect(await within(dialog).findByRole('row', { name: 'XAtendimento Sul' })).toBeTruthy();
    expect(created).toEqual([{ name: 'XAtendimento Sul', channel: 'whatsapp', companyId: 3 }]);
    // The page's counts follow.
    await user.keyboard('{Escape}');
    expect(
      within(row('Loja Sul'))
        .getAllByRole('cell')
        .slice(1, 4)
        .map((c) => c.textContent),
    ).toEqual(['1', '1', '2']);
  });

  it('adds a Cloud API number to a company with its phone-number id, account and token', async () => {
    const user = userEvent.setup();
    renderAs(userFixture({ super: true }));
    await screen.findByText('Nova Empresa');
    await user.click(screen.getByRole('button', { name: 'Canais de Demo Ltda' }));
    const dialog = await screen.findByRole('dialog', { name: 'Canais de Demo Ltda' });
    await user.click(within(dialog).getByRole('button', { name: /Nova conexão/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'WhatsApp Cloud API' }));
    const form = await within(dialog).findByRole('form', { name: 'Novo canal WhatsApp Cloud API' });
    await user.type(within(form).getByLabelText('Nome'), 'Oficial');
    await user.type(within(form).getByLabelText('ID do número de telefone'), '109876543210');
    await user.type(within(form).getByLabelText(/ID da conta do WhatsApp Business/), '2200001');
    const token = within(form).getByLabelText('Token de acesso');
    expect(token.getAttribute('type')).toBe('password');
    await user.type(token, 'EAAGtoken1234567890abcdef');
    await user.click(within(form).getByRole('button', { name: 'Salvar' }));
    await within(dialog).findByRole('row', { name: 'Oficial' });
    expect(created).toEqual([
      {
        name: 'Oficial',
        channel: 'whatsappapi',
        companyId: 2,
        phoneNumberId: '109876543210',
        businessAccountId: '2200001',
        accessToken: 'EAAGtoken1234567890abcdef',
      },
    ]);
  });
});
