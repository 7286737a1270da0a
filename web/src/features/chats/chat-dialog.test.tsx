/** @vitest-environment jsdom */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Toaster } from '@/components/ui/sonner';
import { useAuth } from '@/lib/auth/auth-provider';
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
import { ChatDialog } from './chat-dialog';
import type { ChatRow } from './queries';

const me = userFixture();
const server = startTestApi(
  userCreation('enabled'),
  http.get(apiUrl('/auth/me'), () => HttpResponse.json(me)),
  http.get(apiUrl(`/companies/listPlan/${me.companyId}`), () =>
    HttpResponse.json({ plan: planFixture() }),
  ),
  http.get(apiUrl('/users/list'), () =>
    HttpResponse.json([
      userFixture(),
      userFixture({ id: 8, name: 'Bruno Souza', email: 'bruno@demo.test', profile: 'user' }),
      userFixture({ id: 9, name: 'Carla Lima', email: 'carla@demo.test', profile: 'user' }),
    ]),
  ),
);

const saved = (overrides: Partial<ChatRow> = {}): ChatRow => ({
  id: 5,
  uuid: 'chat-5',
  title: 'Equipe',
  ownerId: me.id,
  lastMessage: null,
  createdAt: null,
  updatedAt: null,
  users: [
    { userId: me.id, unreads: 0, user: { id: me.id, name: me.name } },
    { userId: 8, unreads: 0, user: { id: 8, name: 'Bruno Souza' } },
  ],
  ...overrides,
});

/** Records every POST and PUT of a chat. */
function writes(answer: ChatRow = saved()) {
  const bodies: { method: string; body: unknown }[] = [];
  const record = async ({ request }: { request: Request }) => {
    bodies.push({ method: request.method, body: await request.json() });
    return HttpResponse.json(answer, { status: request.method === 'POST' ? 201 : 200 });
  };
  server.use(http.post(apiUrl('/chats'), record), http.put(apiUrl('/chats/:id'), record));
  return bodies;
}

function Gate({ chat, onClose }: { chat: ChatRow | null; onClose: () => void }) {
  const { user } = useAuth();
  return user ? <ChatDialog open chat={chat} onClose={onClose} /> : null;
}

function renderDialog(chat: ChatRow | null = null) {
  localStorage.setItem('token', 'access-token');
  let closed = 0;
  renderWithProviders(
    <>
      <Gate chat={chat} onClose={() => closed++} />
      <Toaster />
    </>,
    { session: true },
  );
  return { closed: () => closed };
}

const save = () => screen.getByRole('button', { name: 'Salvar' });

describe('ChatDialog', () => {
  it('asks for a title and at least one user before calling the api', async () => {
    const user = userEvent.setup();
    const bodies = writes();
    const dialog = renderDialog();
    const title = await screen.findByLabelText('Título');
    // The caller is not offered: they always take part.
    await screen.findByLabelText('Bruno Souza');
    expect(screen.queryByLabelText('Ana Admin')).toBeNull();

    await user.type(title, '   ');
    await user.click(save());
    expect(await screen.findByText('Obrigatório')).toBeTruthy();
    expect(screen.getByText('Selecione pelo menos um usuário.')).toBeTruthy();
    expect(title.getAttribute('aria-invalid')).toBe('true');

    // A title alone is not enough.
    await user.type(title, 'Equipe');
    await user.click(save());
    await waitFor(() => expect(screen.queryByText('Obrigatório')).toBeNull());
    expect(screen.getByText('Selecione pelo menos um usuário.')).toBeTruthy();
    expect(bodies).toEqual([]);
    expect(dialog.closed()).toBe(0);
  });

  it('creates a chat with its title and the chosen users', async () => {
    const user = userEvent.setup();
    const bodies = writes();
    const dialog = renderDialog();
    expect(await screen.findByRole('heading', { name: 'Nova conversa' })).toBeTruthy();
    await user.type(await screen.findByLabelText('Título'), 'Equipe');
    await user.click(await screen.findByLabelText('Bruno Souza'));
    await user.click(screen.getByLabelText('Carla Lima'));
    await user.click(screen.getByLabelText('Carla Lima'));
    await user.click(save());
    await waitFor(() => expect(dialog.closed()).toBe(1));
    expect(bodies).toEqual([{ method: 'POST', body: { title: 'Equipe', users: [8] } }]);
  });

  it('edits a chat: its title and users are filled in and sent with PUT', async () => {
    const user = userEvent.setup();
    const bodies = writes(saved({ title: 'Equipe sul' }));
    const dialog = renderDialog(saved());
    expect(await screen.findByRole('heading', { name: 'Editar conversa' })).toBeTruthy();
    const title = screen.getByLabelText('Título') as HTMLInputElement;
    expect(title.value).toBe('Equipe');
    expect((await screen.findByLabelText<HTMLInputElement>('Bruno Souza')).checked).toBe(true);
    await user.clear(title);
    await user.type(title, 'Equipe sul');
    await user.click(screen.getByLabelText('Carla Lima'));
    await user.click(save());
    await waitFor(() => expect(dialog.closed()).toBe(1));
    expect(bodies).toEqual([{ method: 'PUT', body: { title: 'Equipe sul', users: [8, 9] } }]);
  });

  it("shows the api's validation on its field, with no error toast, and stays open", async () => {
    const user = userEvent.setup();
    server.use(
      http.post(apiUrl('/chats'), () =>
        HttpResponse.json(
          { error: 'ERR_VALIDATION', fields: [{ field: 'title', message: 'Too Long!' }] },
          { status: 400 },
        ),
      ),
    );
    const dialog = renderDialog();
    await user.type(await screen.findByLabelText('Título'), 'Equipe');
    await user.click(await screen.findByLabelText('Bruno Souza'));
    await user.click(save());
    const field = await screen.findByText('Muito longo!');
    expect(within(field.parentElement!).getByLabelText('Título')).toBeTruthy();
    expect(screen.queryByText('Dados inválidos. Verifique os campos.')).toBeNull();
    expect(dialog.closed()).toBe(0);
  });
});
