/** @vitest-environment jsdom */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { Toaster } from '@/components/ui/sonner';
import { apiUrl, http, HttpResponse, planFixture, userCreation, startTestApi } from '@/test/api';
import { renderWithProviders } from '@/test/render';
import { SignupPage } from './signup-page';

const server = startTestApi(
  userCreation('enabled'),
  http.get(apiUrl('/plans/list'), () =>
    HttpResponse.json([planFixture(), planFixture({ id: 2, name: 'Plano Pro', amount: '199.90' })]),
  ),
);

function SignupRoutes() {
  return (
    <>
      <Routes>
        <Route path="/signup" element={<SignupPage />} />
        <Route path="/login" element={<h1>Tela de login</h1>} />
      </Routes>
      <Toaster />
    </>
  );
}

describe('SignupPage', () => {
  it('sends visitors to /login while userCreation is disabled', async () => {
    server.use(userCreation('disabled'));
    renderWithProviders(<SignupRoutes />, { route: '/signup', session: true });
    expect(await screen.findByRole('heading', { name: 'Tela de login' })).toBeTruthy();
  });

  it('lists the public plans and fills the company from its CNPJ', async () => {
    const user = userEvent.setup();
    server.use(
      http.get(apiUrl('/auth/consulta-cnpj/11222333000181'), () =>
        HttpResponse.json({
          nome: 'Empresa Exemplo SA',
          fantasia: 'Exemplo',
          telefone: '1133334444',
        }),
      ),
    );
    renderWithProviders(<SignupRoutes />, { route: '/signup', session: true });
    const plan = await screen.findByRole('combobox', { name: 'Plano' });
    await screen.findByRole('option', { name: /Plano Pro/ });
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Selecione um plano',
      'Plano Básico - Atendentes: 5 - Conexões: 2 - Filas: 3 - R$ 99.90',
      'Plano Pro - Atendentes: 5 - Conexões: 2 - Filas: 3 - R$ 199.90',
    ]);
    expect(plan).toBeTruthy();

    await user.type(screen.getByRole('textbox', { name: 'CPF/CNPJ' }), '11222333000181');
    expect(screen.getByRole('textbox', { name: 'CPF/CNPJ' })).toHaveProperty(
      'value',
      '11.222.333/0001-81',
    );
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'Nome da empresa' })).toHaveProperty(
        'value',
        'Exemplo',
      ),
    );
    expect(screen.getByRole('textbox', { name: 'Telefone com (DDD)' })).toHaveProperty(
      'value',
      '1133334444',
    );
    expect(await screen.findByText('Dados da empresa preenchidos automaticamente!')).toBeTruthy();
  });

  it('registers the company and goes to /login; a refusal is shown and keeps the form', async () => {
    const user = userEvent.setup();
    let body: unknown;
    let answer: 'refuse' | 'accept' = 'refuse';
    server.use(
      http.get(apiUrl('/auth/consulta-cnpj/:cnpj'), () =>
        HttpResponse.json({ error: 'ERR_CNPJ_NOT_FOUND' }, { status: 404 }),
      ),
      http.post(apiUrl('/auth/signup'), async ({ request }) => {
        body = await request.json();
        if (answer === 'refuse')
          return HttpResponse.json({ error: 'ERR_DUPLICATED_EMAIL' }, { status: 400 });
        return HttpResponse.json({ id: 9, name: 'Bruno', companyId: 5 }, { status: 201 });
      }),
    );
    renderWithProviders(<SignupRoutes />, { route: '/signup', session: true });
    await screen.findByRole('option', { name: /Plano Pro/ });
    await user.type(screen.getByRole('textbox', { name: 'CPF/CNPJ' }), '52998224725');
    await user.type(screen.getByRole('textbox', { name: 'Nome da empresa' }), 'Loja do Bruno');
    await user.type(screen.getByRole('textbox', { name: 'Seu nome' }), 'Bruno');
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'Bruno@Loja.test');
    await user.type(screen.getByLabelText('Senha'), 'segredo1');
    await user.type(screen.getByRole('textbox', { name: 'Telefone com (DDD)' }), '11999990000');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Plano' }), '2');

    await user.click(screen.getByRole('button', { name: 'Cadastrar' }));
    expect(await screen.findByText('Já existe um usuário com este email.')).toBeTruthy();
    expect(screen.getByRole('status', { name: 'location' }).textContent).toBe('/signup');

    answer = 'accept';
    await user.click(screen.getByRole('button', { name: 'Cadastrar' }));
    expect(await screen.findByRole('heading', { name: 'Tela de login' })).toBeTruthy();
    expect(body).toMatchObject({
      document: '52998224725',
      companyName: 'Loja do Bruno',
      name: 'Bruno',
      email: 'bruno@loja.test',
      password: 'segredo1',
      phone: '11999990000',
      planId: 2,
    });
    expect(await screen.findByText('Cadastro realizado com sucesso! Faça seu login.')).toBeTruthy();
  });
});
