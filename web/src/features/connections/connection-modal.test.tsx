/** @vitest-environment jsdom */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import type { Channel } from '@atendo/domain';
import { describe, expect, it } from 'vitest';
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
import { ConnectionModal } from './connection-modal';

const user = userFixture();
const server = startTestApi(
  userCreation('enabled'),
  http.get(apiUrl('/auth/me'), () => HttpResponse.json(user)),
  http.get(apiUrl(`/companies/listPlan/${user.companyId}`), () =>
    HttpResponse.json({ plan: planFixture({ useOpenAi: false, useIntegrations: false }) }),
  ),
  http.get(apiUrl('/helps/list'), () => HttpResponse.json([])),
  http.get(apiUrl('/settings'), () =>
    HttpResponse.json([{ key: 'scheduleType', value: 'disabled' }]),
  ),
  http.get(apiUrl('/queue'), () =>
    HttpResponse.json([{ id: 3, name: 'Suporte', color: '#ff0000', orderQueue: 1 }]),
  ),
);

function renderModal(whatsappId: number | null = null, channel: Channel = 'whatsapp') {
  localStorage.setItem('token', 'access-token');
  let closed = 0;
  renderWithProviders(
    <>
      <Routes>
        <Route element={<PrivateRoute />}>
          <Route
            path="/connections"
            element={
              <ConnectionModal
                open
                whatsappId={whatsappId}
                channel={channel}
                onClose={() => closed++}
              />
            }
          />
        </Route>
      </Routes>
      <Toaster />
    </>,
    { route: '/connections', session: true },
  );
  return { closed: () => closed };
}

describe('ConnectionModal', () => {
  it('shows the §5 rules per field and sends nothing until they hold', async () => {
    const ui = userEvent.setup();
    const posted: Record<string, unknown>[] = [];
    server.use(
      http.post(apiUrl('/whatsapp'), async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        posted.push(body);
        return HttpResponse.json(
          { id: 9, companyId: 2, status: 'OPENING', isDefault: true, ...body },
          { status: 201 },
        );
      }),
    );
    const modal = renderModal();
    const name = await screen.findByLabelText('Nome');
    await ui.type(name, 'A');
    // A redirect time without a target queue is refused (whatsappModal.errorSendQueue).
    await ui.clear(screen.getByLabelText('Redirecionar após (minutos)'));
    await ui.type(screen.getByLabelText('Redirecionar após (minutos)'), '5');
    await ui.click(screen.getByRole('button', { name: 'Salvar' }));

    expect(await screen.findByText('Muito curto!')).toBeTruthy();
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Informe o tempo e a fila de redirecionamento juntos.')).toBeTruthy();
    expect(screen.getByLabelText('Fila de destino').getAttribute('aria-invalid')).toBe('true');
    expect(posted).toHaveLength(0);

    // A rating message needs a rating time: the assessments tab opens on that error.
    await ui.type(name, 'BC Loja');
    await ui.selectOptions(screen.getByLabelText('Fila de destino'), '3');
    await ui.click(screen.getByRole('tab', { name: 'Avaliações' }));
    await ui.type(screen.getByLabelText('Mensagem de avaliação (nota de 0 a 10)'), 'Sua nota?');
    await ui.click(screen.getByRole('tab', { name: 'Geral' }));
    await ui.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(
      await screen.findByText(
        'Informe o tempo para avaliação quando houver mensagem de avaliação.',
      ),
    ).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Avaliações' }).getAttribute('aria-selected')).toBe(
      'true',
    );
    expect(posted).toHaveLength(0);

    await ui.clear(screen.getByLabelText('Tempo para avaliação (minutos)'));
    await ui.type(screen.getByLabelText('Tempo para avaliação (minutos)'), '10');
    await ui.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toMatchObject({
      name: 'ABC Loja',
      channel: 'whatsapp',
      timeSendQueue: 5,
      sendIdQueue: 3,
      ratingMessage: 'Sua nota?',
      expiresTicketNPS: 10,
      token: expect.stringMatching(/^[A-Za-z0-9]{30}$/),
    });
    expect(posted[0]).not.toHaveProperty('importEnabled');
    expect(await screen.findByText('Conexão salva com sucesso.')).toBeTruthy();
    // It closes 1 s after the save, not at once.
    expect(modal.closed()).toBe(0);
    await waitFor(() => expect(modal.closed()).toBe(1), { timeout: 3000 });
  });

  it('saves an unrelated change of a connection whose vacation was set long ago', async () => {
    const ui = userEvent.setup();
    const put: Record<string, unknown>[] = [];
    const saved = {
      id: 7,
      companyId: user.companyId,
      name: 'Loja Centro',
      channel: 'whatsapp',
      status: 'CONNECTED',
      isDefault: true,
      token: 'A'.repeat(30),
      collectiveVacationStart: '2024-01-02',
      collectiveVacationEnd: '2024-01-20',
      collectiveVacationMessage: 'Estivemos de férias.',
      queues: [],
      schedules: [],
    };
    server.use(
      http.get(apiUrl('/whatsapp/7'), () => HttpResponse.json(saved)),
      http.put(apiUrl('/whatsapp/7'), async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        put.push(body);
        return HttpResponse.json({ ...saved, ...body });
      }),
    );
    renderModal(7);
    const name = await screen.findByDisplayValue('Loja Centro');
    await ui.clear(name);
    await ui.type(name, 'Loja Centro 2');
    await ui.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(put).toHaveLength(1));
    expect(put[0]).toMatchObject({ name: 'Loja Centro 2', collectiveVacationStart: '2024-01-02' });
  });

  it('asks a Cloud API connection for its Meta fields and shows Meta refusing the token on its field', async () => {
    const ui = userEvent.setup();
    const posted: Record<string, unknown>[] = [];
    server.use(
      http.post(apiUrl('/whatsapp'), async ({ request }) => {
        posted.push((await request.json()) as Record<string, unknown>);
        return HttpResponse.json(
          {
            error: 'ERR_META_TOKEN_INVALID',
            fields: [{ field: 'accessToken', message: 'Meta refused this access token' }],
          },
          { status: 400 },
        );
      }),
    );
    renderModal(null, 'whatsappapi');
    await ui.type(await screen.findByLabelText('Nome'), 'Loja Cloud');
    // The Baileys-only options are not offered; the callback URL is the api's Cloud webhook.
    expect(screen.queryByLabelText('Usar proxy')).toBeNull();
    expect(screen.queryByText('Importar mensagens antigas')).toBeNull();
    const callback = screen.getByLabelText(
      'URL de retorno (webhook) para a Meta',
    ) as HTMLInputElement;
    expect(callback.readOnly).toBe(true);
    expect(callback.value).toMatch(/\/webhook\/whatsapp$/);
    expect(screen.getByRole('button', { name: 'Copiar a URL de retorno' })).toBeTruthy();

    // Both Meta fields are required to create.
    await ui.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() =>
      expect(screen.getByLabelText('ID do número de telefone').getAttribute('aria-invalid')).toBe(
        'true',
      ),
    );
    const token = screen.getByLabelText('Token de acesso');
    expect(token.getAttribute('type')).toBe('password');
    expect(token.getAttribute('aria-invalid')).toBe('true');
    expect(posted).toHaveLength(0);

    await ui.type(screen.getByLabelText('ID do número de telefone'), '106540352242922');
    await ui.type(
      screen.getByLabelText('ID da conta do WhatsApp Business (opcional)'),
      '102290129340398',
    );
    await ui.type(token, 'EAAGwrongToken0123456789');
    await ui.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toMatchObject({
      channel: 'whatsappapi',
      phoneNumberId: '106540352242922',
      businessAccountId: '102290129340398',
      accessToken: 'EAAGwrongToken0123456789',
    });
    // Meta's refusal shows on the token field itself (and as the toast).
    await waitFor(() => expect(token.getAttribute('aria-invalid')).toBe('true'));
    const fieldError = document.getElementById(token.getAttribute('aria-describedby')!)!;
    expect(fieldError.textContent).toBe(
      'A Meta recusou o token de acesso. Gere um novo token no painel da Meta.',
    );
  });

  it('keeps a stored Cloud API token write-only: never shown, left empty it is not sent', async () => {
    const ui = userEvent.setup();
    const put: Record<string, unknown>[] = [];
    const saved = {
      id: 8,
      companyId: user.companyId,
      name: 'Loja Cloud',
      channel: 'whatsappapi',
      status: 'CONNECTED',
      isDefault: true,
      token: 'B'.repeat(30),
      phoneNumberId: '106540352242922',
      businessAccountId: null,
      hasAccessToken: true,
      queues: [],
      schedules: [],
    };
    server.use(
      http.get(apiUrl('/whatsapp/8'), () => HttpResponse.json(saved)),
      http.put(apiUrl('/whatsapp/8'), async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        put.push(body);
        return HttpResponse.json({ ...saved, ...body });
      }),
    );
    renderModal(8, 'whatsappapi');
    expect(await screen.findByDisplayValue('106540352242922')).toBeTruthy();
    const token = screen.getByLabelText('Token de acesso') as HTMLInputElement;
    expect(token.value).toBe('');
    expect(token.placeholder).toBe('Um token está salvo — deixe em branco para mantê-lo.');
    const name = screen.getByDisplayValue('Loja Cloud');
    await ui.clear(name);
    await ui.type(name, 'Loja Cloud 2');
    await ui.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(put).toHaveLength(1));
    expect(put[0]).toMatchObject({ name: 'Loja Cloud 2', phoneNumberId: '106540352242922' });
    expect(put[0]).not.toHaveProperty('accessToken');
  });
});
