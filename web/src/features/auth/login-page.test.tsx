/** @vitest-environment jsdom */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { Toaster } from '@/components/ui/sonner';
import { http, HttpResponse, apiUrl, userCreation, userFixture, startTestApi } from '@/test/api';
import { renderWithProviders } from '@/test/render';
import { LoginPage } from './login-page';
import { PrivateRoute, PublicRoute } from './route-guards';

const server = startTestApi(userCreation('enabled'));

function LoginRoutes() {
  return (
    <>
      <Routes>
        <Route element={<PublicRoute />}>
          <Route path="/login" element={<LoginPage />} />
        </Route>
        <Route element={<PrivateRoute />}>
          <Route path="*" element={<h1>Área logada</h1>} />
        </Route>
      </Routes>
      <Toaster />
    </>
  );
}

const email = () => screen.getByLabelText('Email');
const password = () => screen.getByLabelText('Senha');
const submit = () => screen.getByRole('button', { name: 'Entrar' });

describe('LoginPage', () => {
  it('offers signup only while userCreation is enabled', async () => {
    renderWithProviders(<LoginRoutes />, { route: '/login', session: true });
    expect(
      await screen.findByRole('link', { name: 'Não tem uma conta? Cadastre-se!' }),
    ).toBeTruthy();

    server.use(userCreation('disabled'));
    renderWithProviders(<LoginRoutes />, { route: '/login', session: true });
    await waitFor(() => expect(screen.getAllByRole('heading', { name: 'Entrar' })).toHaveLength(2));
    expect(screen.getAllByRole('link', { name: 'Não tem uma conta? Cadastre-se!' })).toHaveLength(
      1,
    );
  });

  it('validates before calling the api', async () => {
    const user = userEvent.setup();
    let calls = 0;
    server.use(http.post(apiUrl('/auth/login'), () => void calls++));
    renderWithProviders(<LoginRoutes />, { route: '/login', session: true });
    await user.click(await screen.findByRole('button', { name: 'Entrar' }));
    expect(await screen.findAllByRole('alert')).not.toHaveLength(0);
    expect(email().getAttribute('aria-invalid')).toBe('true');
    expect(calls).toBe(0);
  });

  it('shows the translated error of a refused login and stays on /login', async () => {
    const user = userEvent.setup();
    server.use(
      http.post(apiUrl('/auth/login'), () =>
        HttpResponse.json({ error: 'ERR_INVALID_CREDENTIALS' }, { status: 401 }),
      ),
    );
    renderWithProviders(<LoginRoutes />, { route: '/login', session: true });
    await user.type(await screen.findByLabelText('Email'), 'ana@demo.test');
    await user.type(password(), 'wrong');
    await user.click(submit());
    expect(
      await screen.findByText('Erro de autenticação. Por favor, tente novamente.'),
    ).toBeTruthy();
    expect(screen.getByRole('status', { name: 'location' }).textContent).toBe('/login');
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('logs in, keeps the session locally and lands on /tickets', async () => {
    const user = userEvent.setup();
    let body: unknown;
    server.use(
      http.post(apiUrl('/auth/login'), async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ token: 'access-token', user: userFixture() });
      }),
    );
    renderWithProviders(<LoginRoutes />, { route: '/login', session: true });
    await user.type(await screen.findByLabelText('Email'), 'ana@demo.test');
    await user.type(password(), 'demo123');
    await user.click(screen.getByRole('button', { name: 'Mostrar senha' }));
    expect(password().getAttribute('type')).toBe('text');
    await user.click(submit());
    expect(await screen.findByRole('heading', { name: 'Área logada' })).toBeTruthy();
    expect(body).toEqual({ email: 'ana@demo.test', password: 'demo123' });
    expect(screen.getByRole('status', { name: 'location' }).textContent).toBe('/tickets');
    expect(localStorage.getItem('token')).toBe('access-token');
    expect(await screen.findByText('Login efetuado com sucesso!')).toBeTruthy();
  });
});
