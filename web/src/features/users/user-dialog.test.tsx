/** @vitest-environment jsdom */
import type { UserView } from '@atendo/domain';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Toaster } from '@/components/ui/sonner';
import { http, HttpResponse, apiUrl, startTestApi, userFixture } from '@/test/api';
import { renderWithProviders } from '@/test/render';
import { UserDialog } from './user-dialog';

const server = startTestApi(
  http.get(apiUrl('/queue'), () =>
    HttpResponse.json([
      { id: 1, name: 'Vendas', color: '#ff0000', orderQueue: 1 },
      { id: 2, name: 'Suporte', color: '#00ff00', orderQueue: 2 },
    ]),
  ),
  http.get(apiUrl('/whatsapp'), () => HttpResponse.json([{ id: 5, name: 'Comercial' }])),
);

const save = () => screen.getByRole('button', { name: 'Salvar' });
const input = (label: string | RegExp) => screen.getByLabelText(label) as HTMLInputElement;

function renderDialog(o: { user?: UserView | null; admin?: boolean } = {}) {
  let closed = 0;
  renderWithProviders(
    <>
      <UserDialog open user={o.user ?? null} admin={o.admin ?? true} onClose={() => closed++} />
      <Toaster />
    </>,
  );
  return { closed: () => closed };
}

const agent = userFixture({
  id: 9,
  name: 'Bruno Agente',
  email: 'bruno@demo.test',
  profile: 'user',
  startWork: '08:00',
  endWork: '18:00',
  whatsappId: 5,
  whatsapp: { id: 5, name: 'Comercial' },
  queues: [{ id: 2, name: 'Suporte', color: '#00ff00' }],
  allowConnections: 'enabled',
  defaultTheme: 'light',
  defaultMenu: 'open',
});

describe('UserDialog', () => {
  it('refuses a short name, an invalid email and a short password before calling the api', async () => {
    const user = userEvent.setup();
    let posted = 0;
    server.use(
      http.post(apiUrl('/users'), () => {
        posted++;
        return HttpResponse.json({}, { status: 500 });
      }),
    );
    renderDialog();
    await user.type(input('Nome'), 'A');
    await user.type(input('Email'), 'não-é-email');
    await user.type(input('Senha'), '1234');
    await user.click(save());
    expect(await screen.findByText('Email inválido')).toBeTruthy();
    expect(screen.getAllByText('Muito curto!')).toHaveLength(2);
    expect(input('Nome').getAttribute('aria-invalid')).toBe('true');
    await user.clear(input('Nome'));
    await user.type(input('Nome'), 'x'.repeat(51));
    await user.click(save());
    expect(await screen.findByText('Muito longo!')).toBeTruthy();
    expect(posted).toBe(0);
  });

  it('shows and hides the password on demand', async () => {
    const user = userEvent.setup();
    renderDialog();
    expect(input('Senha').type).toBe('password');
    await user.click(screen.getByRole('button', { name: 'Mostrar senha' }));
    expect(input('Senha').type).toBe('text');
    await user.click(screen.getByRole('button', { name: 'Ocultar senha' }));
    expect(input('Senha').type).toBe('password');
  });

  it('creates a user with queues, connection, masked hours and permissions (admin)', async () => {
    const user = userEvent.setup();
    let sent: unknown;
    server.use(
      http.post(apiUrl('/users'), async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json(userFixture({ id: 30, name: 'Carla' }), { status: 201 });
      }),
    );
    const dialog = renderDialog();
    await user.type(input('Nome'), '  Carla Souza ');
    await user.type(input('Email'), 'Carla@Demo.test');
    await user.type(input('Senha'), 'segredo1');
    await user.selectOptions(input('Perfil'), 'admin');
    await user.click(await screen.findByRole('checkbox', { name: 'Vendas' }));
    await screen.findByRole('option', { name: 'Comercial' });
    await user.selectOptions(input('Conexão padrão'), '5');
    await user.clear(input('Início de trabalho'));
    await user.type(input('Início de trabalho'), '0830');
    expect(input('Início de trabalho').value).toBe('08:30');
    await user.clear(input('Fim de trabalho'));
    await user.type(input('Fim de trabalho'), '1745');
    await user.click(screen.getByRole('tab', { name: 'Permissões' }));
    await user.click(screen.getByRole('switch', { name: 'Gerenciar conexões' }));
    await user.click(screen.getByRole('switch', { name: 'Fechar chamados pendentes' }));
    await user.click(save());
    await waitFor(() => expect(dialog.closed()).toBe(1));
    expect(sent).toEqual({
      name: 'Carla Souza',
      email: 'carla@demo.test',
      password: 'segredo1',
      farewellMessage: null,
      defaultTheme: 'light',
      defaultMenu: 'closed',
      profile: 'admin',
      queueIds: [1],
      whatsappId: 5,
      startWork: '08:30',
      endWork: '17:45',
      allTicket: 'disable',
      allowGroup: false,
      allHistoric: 'disabled',
      allUserChat: 'disabled',
      userClosePendingTicket: 'disabled',
      showDashboard: 'disabled',
      allowRealTime: 'disabled',
      allowConnections: 'enabled',
    });
    expect(await screen.findByText('Usuário salvo com sucesso.')).toBeTruthy();
  });

  it('refuses an impossible work hour', async () => {
    const user = userEvent.setup();
    renderDialog({ user: agent });
    await user.clear(input('Fim de trabalho'));
    await user.type(input('Fim de trabalho'), '2599');
    await user.click(save());
    expect(await screen.findByText('Horário inválido (HH:MM)')).toBeTruthy();
  });

  it('edits without resending the password when it is left empty, and shows api errors', async () => {
    const user = userEvent.setup();
    const bodies: Record<string, unknown>[] = [];
    server.use(
      http.put(apiUrl('/users/9'), async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        bodies.push(body);
        if (body.email === 'agent@demo.test')
          return HttpResponse.json({ error: 'ERR_DUPLICATED_EMAIL' }, { status: 409 });
        return HttpResponse.json({ ...agent, ...body });
      }),
    );
    const dialog = renderDialog({ user: agent });
    expect(screen.getByRole('heading', { name: 'Editar usuário' })).toBeTruthy();
    expect(input('Nome').value).toBe('Bruno Agente');
    expect(await screen.findByRole('checkbox', { name: 'Suporte' })).toHaveProperty(
      'checked',
      true,
    );
    await user.clear(input('Email'));
    await user.type(input('Email'), 'agent@demo.test');
    await user.click(save());
    expect(await screen.findByText('Já existe um usuário com este email.')).toBeTruthy();
    expect(bodies).toHaveLength(1);
    expect(dialog.closed()).toBe(0);
    expect(bodies[0]).not.toHaveProperty('password');
    expect(bodies[0]).toMatchObject({
      queueIds: [2],
      whatsappId: 5,
      startWork: '08:00',
      allowConnections: 'enabled',
    });
  });

  it('keeps admin-only fields out of reach of a non-admin and out of the payload', async () => {
    const user = userEvent.setup();
    let sent: unknown;
    server.use(
      http.put(apiUrl('/users/9'), async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json(agent);
      }),
    );
    const dialog = renderDialog({ user: agent, admin: false });
    expect(screen.queryByRole('tab', { name: 'Permissões' })).toBeNull();
    expect(screen.queryByRole('switch')).toBeNull();
    for (const label of ['Perfil', 'Conexão padrão', 'Início de trabalho', 'Fim de trabalho'])
      expect(input(label).disabled, label).toBe(true);
    expect(screen.getByRole('group', { name: 'Filas' })).toHaveProperty('disabled', true);
    await user.clear(input('Nome'));
    await user.type(input('Nome'), 'Bruno B.');
    await user.selectOptions(input('Tema padrão'), 'dark');
    await user.click(save());
    await waitFor(() => expect(dialog.closed()).toBe(1));
    expect(sent).toEqual({
      name: 'Bruno B.',
      email: 'bruno@demo.test',
      farewellMessage: null,
      defaultTheme: 'dark',
      defaultMenu: 'open',
    });
  });
});
