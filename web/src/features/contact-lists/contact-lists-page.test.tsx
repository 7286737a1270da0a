/** @vitest-environment jsdom */
import type { PlanView } from '@atendo/domain';
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
import { ContactListsPage } from './contact-lists-page';

interface Row {
  id: number;
  name: string;
  contactsCount: number;
  validContactsCount: number;
}
let lists: Row[] = [];
let searches: string[] = [];
let created: unknown[] = [];
let updated: unknown[] = [];
let deleted: number[] = [];

const server = startTestApi(
  userCreation('enabled'),
  http.get(apiUrl('/helps/list'), () => HttpResponse.json([])),
  http.get(apiUrl('/auth/me'), () => HttpResponse.json(userFixture())),
  http.get(apiUrl('/contact-lists'), ({ request }) => {
    const search = (new URL(request.url).searchParams.get('searchParam') ?? '').toLowerCase();
    searches.push(search);
    const found = lists.filter((l) => l.name.toLowerCase().includes(search));
    return HttpResponse.json({ records: found, count: found.length, hasMore: false });
  }),
  http.post(apiUrl('/contact-lists'), async ({ request }) => {
    const body = (await request.json()) as { name: string };
    created.push(body);
    const row = { id: 9, name: body.name, contactsCount: 0, validContactsCount: 0 };
    lists = [...lists, row];
    return HttpResponse.json(row, { status: 201 });
  }),
  http.put(apiUrl('/contact-lists/:id'), async ({ request, params }) => {
    const body = (await request.json()) as { name: string };
    updated.push({ id: Number(params.id), ...body });
    lists = lists.map((l) => (l.id === Number(params.id) ? { ...l, ...body } : l));
    return HttpResponse.json(lists.find((l) => l.id === Number(params.id)));
  }),
  http.delete(apiUrl('/contact-lists/:id'), ({ params }) => {
    deleted.push(Number(params.id));
    lists = lists.filter((l) => l.id !== Number(params.id));
    return HttpResponse.json({ message: 'deleted' });
  }),
);

beforeEach(() => {
  lists = [
    { id: 4, name: 'Clientes VIP', contactsCount: 120, validContactsCount: 100 },
    { id: 5, name: 'Leads de março', contactsCount: 8, validContactsCount: 8 },
  ];
  searches = [];
  created = [];
  updated = [];
  deleted = [];
});

function renderPage(plan: PlanView = planFixture()) {
  localStorage.setItem('token', 'access-token');
  server.use(http.get(apiUrl('/companies/listPlan/2'), () => HttpResponse.json({ plan })));
  renderWithProviders(
    <>
      <Routes>
        <Route element={<PrivateRoute />}>
          <Route path="/contact-lists" element={<ContactListsPage />} />
          <Route path="/" element={<h1>Início</h1>} />
        </Route>
      </Routes>
      <Toaster />
    </>,
    { route: '/contact-lists', session: true },
  );
}

describe('ContactListsPage', () => {
  it('lists the contact lists with their counts, searches, and deletes one after confirming', async () => {
    const user = userEvent.setup();
    renderPage();
    const table = await screen.findByRole('table', { name: 'Listas de contatos' });
    const vip = await within(table).findByRole('row', { name: 'Clientes VIP' });
    expect(within(vip).getByText('120')).toBeTruthy();
    expect(
      within(vip)
        .getByRole('link', { name: 'Abrir contatos de Clientes VIP' })
        .getAttribute('href'),
    ).toBe('/contact-lists/4/contacts');
    expect(within(table).getByRole('row', { name: 'Leads de março' })).toBeTruthy();

    await user.type(screen.getByRole('searchbox', { name: 'Pesquisar...' }), 'leads');
    await waitFor(() => expect(searches).toContain('leads'));
    await waitFor(() =>
      expect(within(table).queryByRole('row', { name: 'Clientes VIP' })).toBeNull(),
    );

    await user.click(screen.getByRole('button', { name: 'Excluir Leads de março' }));
    const confirm = await screen.findByRole('dialog');
    expect(within(confirm).getByText('Excluir Leads de março?')).toBeTruthy();
    expect(deleted).toEqual([]);
    await user.click(within(confirm).getByRole('button', { name: 'Excluir' }));
    expect(await screen.findByText('Lista excluída com sucesso.')).toBeTruthy();
    expect(deleted).toEqual([5]);
    expect(await within(table).findByText('Nenhuma lista encontrada.')).toBeTruthy();
  });

  it('adds a list, needing a name of 2 characters, and renames another', async () => {
    const user = userEvent.setup();
    renderPage();
    await screen.findByRole('row', { name: 'Clientes VIP' });
    await user.click(screen.getByRole('button', { name: 'Nova lista' }));
    let dialog = await screen.findByRole('dialog', { name: 'Nova lista de contatos' });
    await user.type(within(dialog).getByLabelText('Nome'), 'A');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await within(dialog).findByText('Muito curto!')).toBeTruthy();
    expect(created).toEqual([]);
    await user.type(within(dialog).getByLabelText('Nome'), 'BC novos');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByRole('row', { name: 'ABC novos' })).toBeTruthy();
    expect(created).toEqual([{ name: 'ABC novos' }]);

    await user.click(screen.getByRole('button', { name: 'Editar Clientes VIP' }));
    dialog = await screen.findByRole('dialog', { name: 'Editar lista de contatos' });
    const name = within(dialog).getByLabelText('Nome');
    expect(name).toHaveProperty('value', 'Clientes VIP');
    await user.clear(name);
    await user.type(name, 'Clientes ouro');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByRole('row', { name: 'Clientes ouro' })).toBeTruthy();
    expect(updated).toEqual([{ id: 4, name: 'Clientes ouro' }]);
  });

  it('sends the user home when the plan has no campaigns', async () => {
    renderPage(planFixture({ useCampaigns: false } as Partial<PlanView>));
    expect(await screen.findByRole('heading', { name: 'Início' })).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    expect(searches).toEqual([]);
  });
});
