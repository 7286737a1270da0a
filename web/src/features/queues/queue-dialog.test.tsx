/** @vitest-environment jsdom */
import type { ChatbotView, QueueView } from '@atendo/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
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
import { QueueDialog } from './queue-dialog';

const option = (
  id: number,
  name: string,
  greetingMessage: string | null,
  order: number,
  options: ChatbotView[] = [],
): ChatbotView => ({
  id,
  queueId: 5,
  parentId: null,
  name,
  greetingMessage,
  queueType: 'text',
  closeTicket: false,
  optQueueId: null,
  optUserId: null,
  optIntegrationId: null,
  optFileId: null,
  order,
  options,
});

const saved: QueueView = {
  id: 5,
  companyId: 2,
  name: 'Vendas',
  color: '#00aa00',
  orderQueue: 1,
  greetingMessage: 'Bem-vindo às vendas',
  outOfHoursMessage: null,
  closeTicket: false,
  ativarRoteador: false,
  tempoRoteador: 0,
  integrationId: null,
  fileListId: null,
  promptId: null,
  schedules: [],
  chatbots: [option(51, 'Carros novos', 'Qual modelo?', 0), option(52, 'Seminovos', null, 1)],
  createdAt: null,
  updatedAt: null,
};

let puts: Record<string, unknown>[] = [];
let posts: Record<string, unknown>[] = [];

startTestApi(
  userCreation('disabled'),
  http.get(apiUrl('/auth/me'), () => HttpResponse.json(userFixture())),
  http.get(apiUrl('/companies/listPlan/2'), () => HttpResponse.json({ plan: planFixture() })),
  http.get(apiUrl('/helps/list'), () => HttpResponse.json([])),
  http.get(apiUrl('/settings'), () =>
    HttpResponse.json([{ key: 'scheduleType', value: 'disabled' }]),
  ),
  http.get(apiUrl('/queue'), () =>
    HttpResponse.json([
      { id: 5, name: 'Vendas', color: '#00aa00', orderQueue: 1 },
      { id: 6, name: 'Suporte', color: '#0000ff', orderQueue: 2 },
    ]),
  ),
  http.get(apiUrl('/users/list'), () => HttpResponse.json([{ id: 7, name: 'Ana Admin' }])),
  http.get(apiUrl('/queueIntegration'), () =>
    HttpResponse.json({ queueIntegrations: [], count: 0, hasMore: false }),
  ),
  http.get(apiUrl('/files'), () => HttpResponse.json({ files: [], count: 0, hasMore: false })),
  http.get(apiUrl('/queue/5'), () => HttpResponse.json(saved)),
  http.put(apiUrl('/queue/5'), async ({ request }) => {
    puts.push((await request.json()) as Record<string, unknown>);
    return HttpResponse.json(saved);
  }),
  http.post(apiUrl('/queue'), async ({ request }) => {
    posts.push((await request.json()) as Record<string, unknown>);
    return HttpResponse.json({ ...saved, id: 9 });
  }),
);

beforeEach(() => {
  puts = [];
  posts = [];
  localStorage.setItem('token', 'access-token');
});

function Signed({ children }: { children: ReactNode }) {
  return useAuth().status === 'authenticated' ? <>{children}</> : null;
}

function renderDialog(queueId: number | null) {
  const state = { closed: 0 };
  renderWithProviders(
    <>
      <Signed>
        <QueueDialog open queueId={queueId} onClose={() => state.closed++} />
      </Signed>
      <Toaster />
    </>,
    { session: true },
  );
  return state;
}

describe('QueueDialog', () => {
  it('shows the schema messages for a short queue name and a short option name', async () => {
    const user = userEvent.setup();
    const state = renderDialog(null);
    const dialog = await screen.findByRole('dialog', { name: 'Adicionar fila' });
    await user.type(within(dialog).getByLabelText('Nome'), 'V');
    await user.click(within(dialog).getByRole('button', { name: 'Adicionar opção' }));
    const first = within(dialog).getByRole('group', { name: 'Opção 1' });
    await user.type(within(first).getByLabelText('Nome da opção'), 'ab');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));

    expect(await within(first).findByText('Mínimo de 4 caracteres')).toBeTruthy();
    expect(within(dialog).getByText('Muito curto!')).toBeTruthy();
    expect(within(dialog).getByLabelText('Nome').getAttribute('aria-invalid')).toBe('true');
    expect(within(first).getByLabelText('Nome da opção').getAttribute('aria-invalid')).toBe('true');
    expect(posts).toEqual([]);
    expect(state.closed).toBe(0);
  });

  it("edits a saved queue's option tree and saves it with the queue's PUT", async () => {
    const user = userEvent.setup();
    const state = renderDialog(5);
    const dialog = await screen.findByRole('dialog', { name: 'Editar fila' });
    await waitFor(() =>
      expect((within(dialog).getByLabelText('Nome') as HTMLInputElement).value).toBe('Vendas'),
    );
    expect(within(dialog).getByText('1 · Carros novos')).toBeTruthy();
    expect(within(dialog).getByText('2 · Seminovos')).toBeTruthy();

    // Rename the first option and nest a new option under it.
    await user.click(within(dialog).getByRole('button', { name: 'Editar opção 1' }));
    const first = within(dialog).getByRole('group', { name: 'Opção 1' });
    const firstName = within(first).getByLabelText('Nome da opção');
    await user.clear(firstName);
    await user.type(firstName, 'Zero quilômetro');
    await user.click(
      within(first).getByRole('button', { name: 'Adicionar opção em Zero quilômetro' }),
    );
    const child = within(dialog).getByRole('group', { name: 'Opção 1.1' });
    await user.type(within(child).getByLabelText('Nome da opção'), 'Falar com a fila');
    await user.selectOptions(within(child).getByLabelText('Tipo'), 'queue');
    await user.selectOptions(within(child).getByLabelText('Fila de destino'), 'Suporte');
    // Remove the second option.
    await user.click(within(dialog).getByRole('button', { name: 'Remover opção Seminovos' }));
    expect(within(dialog).queryByText('2 · Seminovos')).toBeNull();

    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Fila salva com sucesso!')).toBeTruthy();
    expect(state.closed).toBe(1);
    expect(posts).toEqual([]);
    expect(puts).toHaveLength(1);
    expect(puts[0]).toMatchObject({
      name: 'Vendas',
      color: '#00aa00',
      greetingMessage: 'Bem-vindo às vendas',
    });
    expect(puts[0]!.chatbots).toEqual([
      expect.objectContaining({
        id: 51,
        name: 'Zero quilômetro',
        greetingMessage: 'Qual modelo?',
        order: 0,
        options: [
          expect.objectContaining({
            name: 'Falar com a fila',
            queueType: 'queue',
            optQueueId: 6,
            order: 0,
            options: [],
          }),
        ],
      }),
    ]);
    expect((puts[0]!.chatbots as { options: object[] }[])[0]!.options[0]).not.toHaveProperty('id');
  });
});
