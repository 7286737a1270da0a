/** @vitest-environment jsdom */
import type { ProxyView } from '@atendo/domain';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Toaster } from '@/components/ui/sonner';
import { http, HttpResponse, apiUrl, startTestApi } from '@/test/api';
import { renderWithProviders } from '@/test/render';
import { ProxyDialog } from './proxy-dialog';

const server = startTestApi();

const stored: ProxyView = {
  id: 4,
  companyId: 2,
  host: 'proxy.example.com',
  port: 3128,
  protocol: 'socks5',
  username: 'joao',
  hasPassword: true,
  enabled: true,
};

function renderDialog(proxy: ProxyView | null) {
  let closed = 0;
  renderWithProviders(
    <>
      <ProxyDialog open proxy={proxy} onClose={() => closed++} />
      <Toaster />
    </>,
  );
  return { closed: () => closed };
}

const save = () => screen.getByRole('button', { name: 'Salvar' });

describe('ProxyDialog', () => {
  it('requires a host and a whole port in range before calling the api', async () => {
    const user = userEvent.setup();
    const bodies: unknown[] = [];
    server.use(
      http.post(apiUrl('/proxy'), async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({ ...stored, id: 5 }, { status: 201 });
      }),
    );
    const dialog = renderDialog(null);
    await user.click(save());
    expect(await screen.findAllByRole('alert')).toHaveLength(2);
    await user.type(screen.getByLabelText('Host'), 'novo.example.com');
    await user.type(screen.getByLabelText('Porta'), '70000');
    await user.click(save());
    expect(await screen.findByText('Porta inválida (1 a 65535)')).toBeTruthy();
    expect(bodies).toEqual([]);
    await user.clear(screen.getByLabelText('Porta'));
    await user.type(screen.getByLabelText('Porta'), '8080');
    await user.selectOptions(screen.getByLabelText('Protocolo'), 'socks4');
    await user.click(save());
    await waitFor(() => expect(dialog.closed()).toBe(1));
    expect(bodies[0]).toMatchObject({ host: 'novo.example.com', port: 8080, protocol: 'socks4' });
  });

  it('never shows the stored password and keeps it when left empty', async () => {
    const user = userEvent.setup();
    const bodies: Record<string, unknown>[] = [];
    server.use(
      http.put(apiUrl('/proxy/4'), async ({ request }) => {
        bodies.push((await request.json()) as Record<string, unknown>);
        return HttpResponse.json(stored);
      }),
    );
    const dialog = renderDialog(stored);
    const password = screen.getByLabelText('Senha') as HTMLInputElement;
    expect(password.value).toBe('');
    expect(password.placeholder).toBe('Deixe em branco para manter a senha atual');
    await user.clear(screen.getByLabelText('Porta'));
    await user.type(screen.getByLabelText('Porta'), '3129');
    await user.click(save());
    await waitFor(() => expect(dialog.closed()).toBe(1));
    expect(bodies[0]).toMatchObject({ host: 'proxy.example.com', port: 3129 });
    expect(bodies[0]).not.toHaveProperty('password');
    expect(await screen.findByText('Proxy salvo com sucesso.')).toBeTruthy();
  });
});
