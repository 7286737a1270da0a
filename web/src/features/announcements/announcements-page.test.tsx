/** @vitest-environment jsdom */
import type { AnnouncementView, UserView } from '@atendo/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { beforeEach, describe, expect, it } from 'vitest';
import { Toaster } from '@/components/ui/sonner';
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
import { AnnouncementsPage } from './announcements-page';

const announcement = (
  id: number,
  title: string,
  overrides: Partial<AnnouncementView> = {},
): AnnouncementView => ({
  id,
  title,
  text: `Texto de ${title}`,
  status: true,
  priority: 3,
  mediaPath: null,
  mediaName: null,
  mediaUrl: null,
  companyId: 1,
  createdAt: null,
  updatedAt: null,
  ...overrides,
});

let records: AnnouncementView[] = [];
let searches: string[] = [];
let created: unknown[] = [];
let deleted: number[] = [];

const server = startTestApi(
  userCreation('enabled'),
  http.get(apiUrl('/helps/list'), () => HttpResponse.json([])),
  http.get(apiUrl('/companies/listPlan/2'), () => HttpResponse.json({ plan: planFixture() })),
  http.get(apiUrl('/announcements'), ({ request }) => {
    const search = (new URL(request.url).searchParams.get('searchParam') ?? '').toLowerCase();
    searches.push(search);
    const found = records.filter((r) => r.title.toLowerCase().includes(search));
    return HttpResponse.json({ records: found, count: found.length, hasMore: false });
  }),
  http.post(apiUrl('/announcements'), async ({ request }) => {
    const body = (await request.json()) as Pick<
      AnnouncementView,
      'title' | 'text' | 'status' | 'priority'
    >;
    created.push(body);
    const row = announcement(20, body.title, body);
    records = [...records, row];
    return HttpResponse.json(row, { status: 201 });
  }),
  http.delete(apiUrl('/announcements/:id'), ({ params }) => {
    deleted.push(Number(params.id));
    records = records.filter((r) => r.id !== Number(params.id));
    return HttpResponse.json({ message: 'deleted' });
  }),
);

beforeEach(() => {
  records = [
    announcement(1, 'Manutenção programada', { priority: 1, mediaName: 'aviso.png' }),
    announcement(2, 'Novidades de maio', { priority: 2, status: false }),
  ];
  searches = [];
  created = [];
  deleted = [];
});

function renderPage(me: UserView = userFixture({ super: true })) {
  localStorage.setItem('token', 'access-token');
  server.use(http.get(apiUrl('/auth/me'), () => HttpResponse.json(me)));
  renderWithProviders(
    <>
      <Routes>
        <Route element={<PrivateRoute />}>
          <Route path="/announcements" element={<AnnouncementsPage />} />
          <Route path="/" element={<h1>Início</h1>} />
        </Route>
      </Routes>
      <Toaster />
    </>,
    { route: '/announcements', session: true },
  );
}

const rowOf = (title: string) => screen.getByRole('row', { name: new RegExp(`^${title}`) });

describe('AnnouncementsPage', () => {
  it('lists the announcements with priority, attachment and status, and deletes one after confirming', async () => {
    const user = userEvent.setup();
    renderPage();
    await screen.findByText('Manutenção programada');
    const first = rowOf('Manutenção programada');
    expect(within(first).getByText('Alta')).toBeTruthy();
    expect(within(first).getByText('aviso.png')).toBeTruthy();
    expect(within(first).getByText('Ativo')).toBeTruthy();
    const second = rowOf('Novidades de maio');
    expect(within(second).getByText('Média')).toBeTruthy();
    expect(within(second).getByText('Sem anexo')).toBeTruthy();
    expect(within(second).getByText('Inativo')).toBeTruthy();

    await user.type(screen.getByRole('searchbox', { name: 'Pesquisar' }), 'maio');
    await waitFor(() => expect(searches).toContain('maio'));
    await waitFor(() => expect(screen.queryByText('Manutenção programada')).toBeNull());

    await user.click(screen.getByRole('button', { name: 'Excluir Novidades de maio' }));
    const confirm = await screen.findByRole('dialog');
    expect(within(confirm).getByText('Excluir Novidades de maio?')).toBeTruthy();
    expect(deleted).toEqual([]);
    await user.click(within(confirm).getByRole('button', { name: 'Excluir' }));
    expect(await screen.findByText('Informativo excluído com sucesso!')).toBeTruthy();
    expect(deleted).toEqual([2]);
    expect(await screen.findByText('Nenhum informativo encontrado.')).toBeTruthy();
  });

  it('adds an announcement, requiring title and text, and the list shows it', async () => {
    const user = userEvent.setup();
    renderPage();
    await screen.findByText('Manutenção programada');
    await user.click(screen.getByRole('button', { name: 'Novo informativo' }));
    const dialog = await screen.findByRole('dialog', { name: 'Novo informativo' });
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await within(dialog).findAllByText('Obrigatório')).toHaveLength(2);
    expect(within(dialog).getByLabelText('Título').getAttribute('aria-invalid')).toBe('true');
    expect(created).toEqual([]);

    await user.type(within(dialog).getByLabelText('Título'), 'Feriado');
    await user.type(within(dialog).getByLabelText('Texto'), 'Sem expediente na sexta.');
    await user.selectOptions(within(dialog).getByLabelText('Prioridade'), 'Alta');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Informativo salvo com sucesso!')).toBeTruthy();
    expect(created).toEqual([
      { title: 'Feriado', text: 'Sem expediente na sexta.', status: true, priority: 1 },
    ]);
    expect(await screen.findByRole('row', { name: /^Feriado/ })).toBeTruthy();
  });

  it('sends anyone but a super admin home without reading announcements', async () => {
    renderPage(userFixture({ super: false }));
    expect(
      await screen.findByText(
        'Esta empresa não possui permissão para acessar essa página! Estamos lhe redirecionando.',
      ),
    ).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Início' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Novo informativo' })).toBeNull();
    expect(searches).toEqual([]);
  });
});
