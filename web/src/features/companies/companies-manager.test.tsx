/** @vitest-environment jsdom */
import type { CompanyView } from '@atendo/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Toaster } from '@/components/ui/sonner';
import { http, HttpResponse, apiUrl, planFixture, startTestApi } from '@/test/api';
import { renderWithProviders } from '@/test/render';
import { CompaniesEditor } from './companies-manager';

const plan = planFixture({ id: 3, name: 'Ouro', amount: '149.9' });
const acme = {
  id: 8,
  name: 'Acme',
  email: 'dono@acme.io',
  phone: null,
  status: true,
  dueDate: '2030-01-31',
  recurrence: 'TRIMESTRAL',
  document: null,
  paymentMethod: null,
  planId: 3,
  plan,
  lastLogin: null,
  numberAttendants: 4,
  numberConections: null,
  folderSize: null,
  numberFileFolder: null,
  updatedAtFolder: null,
  createdAt: '2029-01-01T12:00:00.000Z',
  updatedAt: null,
} as unknown as CompanyView;

const server = startTestApi(
  http.get(apiUrl('/companies'), () => HttpResponse.json([acme])),
  http.get(apiUrl('/plans/all'), () => HttpResponse.json([plan])),
);

function renderManager() {
  renderWithProviders(
    <>
      <CompaniesEditor />
      <Toaster />
    </>,
  );
}

describe('CompaniesEditor', () => {
  it('refuses an empty form with the spec texts before calling the api', async () => {
    const user = userEvent.setup();
    let posted = 0;
    server.use(
      http.post(apiUrl('/companies'), () => {
        posted++;
        return HttpResponse.json({}, { status: 500 });
      }),
    );
    renderManager();
    await screen.findByRole('cell', { name: 'Acme' });
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    const form = screen.getByRole('form', { name: 'Dados da empresa' });
    expect(await within(form).findByText('Nome é obrigatório')).toBeTruthy();
    expect(within(form).getAllByText('Obrigatório').length).toBeGreaterThanOrEqual(2);
    await user.type(screen.getByLabelText('Atendentes'), '-2');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(posted).toBe(0);
  });

  it('loads a clicked row, advances the due date by its recurrence and saves it', async () => {
    const user = userEvent.setup();
    let body: Record<string, unknown> | undefined;
    server.use(
      http.put(apiUrl('/companies/8'), async ({ request }) => {
        body = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json({ ...acme, ...body });
      }),
    );
    renderManager();
    await user.click(await screen.findByRole('cell', { name: 'Acme' }));
    expect((screen.getByLabelText('Nome') as HTMLInputElement).value).toBe('Acme');
    await waitFor(() =>
      expect((screen.getByLabelText('Plano') as HTMLSelectElement).value).toBe('3'),
    );
    // Quarterly from 31 January: the end of April (no 31st), not the 1st of May.
    await user.click(screen.getByRole('button', { name: '+ Vencimento' }));
    expect((screen.getByLabelText('Vencimento') as HTMLInputElement).value).toBe('2030-04-30');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Operação realizada com sucesso!')).toBeTruthy();
    expect(body).toMatchObject({
      name: 'Acme',
      planId: 3,
      dueDate: '2030-04-30',
      recurrence: 'TRIMESTRAL',
      status: true,
      numberAttendants: 4,
      numberConections: null,
    });
    expect(body).not.toHaveProperty('password');
  });

  it('asks before deleting and says when the list cannot load', async () => {
    const user = userEvent.setup();
    let deleted = 0;
    server.use(
      http.delete(apiUrl('/companies/8'), () => {
        deleted++;
        return HttpResponse.json({ message: 'ok' });
      }),
    );
    renderManager();
    await user.click(await screen.findByRole('cell', { name: 'Acme' }));
    await user.click(screen.getByRole('button', { name: 'Excluir' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Deseja realmente excluir esse registro?')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Excluir' }));
    await waitFor(() => expect(deleted).toBe(1));

    server.use(http.get(apiUrl('/companies'), () => HttpResponse.json({}, { status: 500 })));
    renderManager();
    expect(await screen.findByText('Não foi possível carregar a lista de registros')).toBeTruthy();
  });
});
