/** @vitest-environment jsdom */
import type { PlanView, UserView } from '@atendo/domain';
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
import { PlansPage } from './plans-page';

const plan = (id: number, name: string, overrides: Partial<PlanView> = {}): PlanView =>
  planFixture({
    id,
    name,
    isPublic: true,
    useFacebook: false,
    useInstagram: false,
    useOpenAi: false,
    ...overrides,
  } as Partial<PlanView>);

let plans: PlanView[] = [];
let reads = 0;
let created: Record<string, unknown>[] = [];
let updated: Record<string, unknown>[] = [];
let deleted: number[] = [];

const server = startTestApi(
  userCreation('enabled'),
  http.get(apiUrl('/helps/list'), () => HttpResponse.json([])),
  http.get(apiUrl('/companies/listPlan/2'), () => HttpResponse.json({ plan: planFixture() })),
  http.get(apiUrl('/plans/all'), () => {
    reads++;
    return HttpResponse.json(plans);
  }),
  http.post(apiUrl('/plans'), async ({ request }) => {
    const body = (await request.json()) as Record<string, unknown>;
    created.push(body);
    plans = [...plans, { ...plan(9, String(body.name)), ...body } as PlanView];
    return HttpResponse.json(plans.at(-1), { status: 201 });
  }),
  http.put(apiUrl('/plans/:id'), async ({ request, params }) => {
    const body = (await request.json()) as Record<string, unknown>;
    updated.push({ id: Number(params.id), ...body });
    plans = plans.map((p) => (p.id === Number(params.id) ? ({ ...p, ...body } as PlanView) : p));
    return HttpResponse.json(plans.find((p) => p.id === Number(params.id)));
  }),
  http.delete(apiUrl('/plans/:id'), ({ params }) => {
    deleted.push(Number(params.id));
    plans = plans.filter((p) => p.id !== Number(params.id));
    return HttpResponse.json({ message: 'deleted' });
  }),
);

beforeEach(() => {
  plans = [
    plan(1, 'Básico', { users: 5, connections: 1, queues: 3, amount: '49.90' }),
    plan(2, 'Empresarial', {
      users: 50,
      connections: 10,
      queues: 20,
      amount: '499.00',
      isPublic: false,
      useOpenAi: true,
    }),
  ];
  reads = 0;
  created = [];
  updated = [];
  deleted = [];
});

function renderPage(me: UserView = userFixture({ super: true })) {
  localStorage.setItem('token', 'access-token');
  server.use(http.get(apiUrl('/auth/me'), () => HttpResponse.json(me)));
  renderWithProviders(
    <>
      <Routes>
        <Route element={<PrivateRoute />}>
          <Route path="/plans" element={<PlansPage />} />
          <Route path="/" element={<h1>Início</h1>} />
        </Route>
      </Routes>
      <Toaster />
    </>,
    { route: '/plans', session: true },
  );
}

const rowOf = (name: string) => screen.getByRole('row', { name: new RegExp(`^${name} `) });
const form = () => screen.getByRole('form', { name: 'Dados do plano' });

describe('PlansManager', () => {
  it('lists every plan with limits, value, visibility and features', async () => {
    renderPage();
    await screen.findByText('Empresarial');
    const basic = rowOf('Básico');
    expect(within(basic).getByText(/49,90/)).toBeTruthy();
    expect(within(basic).getByText('Sim')).toBeTruthy();
    expect(within(basic).queryByText('OpenAI')).toBeNull();
    const business = rowOf('Empresarial');
    expect(within(business).getByText('50')).toBeTruthy();
    expect(within(business).getByText(/499,00/)).toBeTruthy();
    expect(within(business).getByText('Não')).toBeTruthy();
    expect(within(business).getByText('OpenAI')).toBeTruthy();
  });

  it('creates a plan from the form, refusing a bad amount and an empty name', async () => {
    const user = userEvent.setup();
    renderPage();
    await screen.findByText('Básico');
    const inForm = within(form());
    await user.clear(inForm.getByLabelText('Valor'));
    await user.type(inForm.getByLabelText('Valor'), '12,345');
    await user.click(inForm.getByRole('button', { name: 'Salvar' }));
    expect(await inForm.findByText('Obrigatório')).toBeTruthy();
    expect(inForm.getByLabelText('Nome').getAttribute('aria-invalid')).toBe('true');
    expect(inForm.getByLabelText('Valor').getAttribute('aria-invalid')).toBe('true');
    // The schema's message in the console's language, never its English key.
    expect(inForm.getByText('Valor inválido (ex.: 49,90)')).toBeTruthy();
    expect(inForm.queryByText('Invalid amount')).toBeNull();
    expect(created).toEqual([]);

    await user.type(inForm.getByLabelText('Nome'), 'Intermediário');
    await user.clear(inForm.getByLabelText('Usuários'));
    await user.type(inForm.getByLabelText('Usuários'), '10');
    await user.clear(inForm.getByLabelText('Valor'));
    await user.type(inForm.getByLabelText('Valor'), '149,90');
    await user.click(inForm.getByLabelText('Campanhas'));
    await user.click(inForm.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Operação realizada com sucesso!')).toBeTruthy();
    expect(created).toEqual([
      expect.objectContaining({
        name: 'Intermediário',
        users: 10,
        connections: 0,
        queues: 0,
        amount: '149,90',
        isPublic: true,
        useWhatsapp: true,
        useCampaigns: true,
        useOpenAi: false,
      }),
    ]);
    expect(await screen.findByText('Intermediário')).toBeTruthy();
    await waitFor(() => expect(inForm.getByLabelText('Nome')).toHaveProperty('value', ''));
  });

  it('edits a plan loaded into the form, and deletes one after confirming', async () => {
    const user = userEvent.setup();
    renderPage();
    await screen.findByText('Básico');
    await user.click(screen.getByRole('button', { name: 'Editar Básico' }));
    expect(screen.getByText('Editar plano: Básico')).toBeTruthy();
    const inForm = within(form());
    await waitFor(() => expect(inForm.getByLabelText('Usuários')).toHaveProperty('value', '5'));
    await user.clear(inForm.getByLabelText('Usuários'));
    await user.type(inForm.getByLabelText('Usuários'), '8');
    await user.click(inForm.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Operação realizada com sucesso!')).toBeTruthy();
    expect(updated).toEqual([expect.objectContaining({ id: 1, name: 'Básico', users: 8 })]);
    await waitFor(() => expect(within(rowOf('Básico')).getByText('8')).toBeTruthy());

    await user.click(screen.getByRole('button', { name: 'Excluir Empresarial' }));
    const confirm = await screen.findByRole('dialog');
    expect(within(confirm).getByText('Excluir Empresarial?')).toBeTruthy();
    expect(deleted).toEqual([]);
    await user.click(within(confirm).getByRole('button', { name: 'Excluir' }));
    await waitFor(() => expect(deleted).toEqual([2]));
    await waitFor(() => expect(screen.queryByText('Empresarial')).toBeNull());
  });

  it('sends anyone but a super admin home without reading plans', async () => {
    renderPage(userFixture());
    expect(await screen.findByRole('heading', { name: 'Início' })).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Dados do plano' })).toBeNull();
    expect(reads).toBe(0);
  });
});
