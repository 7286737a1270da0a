/** @vitest-environment jsdom */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Toaster } from '@/components/ui/sonner';
import { http, HttpResponse, apiUrl, startTestApi } from '@/test/api';
import { renderWithProviders } from '@/test/render';
import { TranscriptionDialog } from './transcription-dialog';

const server = startTestApi();

const credential = (service: string, isActive = true) => ({
  id: service === 'openai' ? 1 : 2,
  service,
  apiKey: service === 'openai' ? 'sk-…abcd' : 'gsk…wxyz',
  isActive,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
});

/** The api of one company: its credentials and default, recording every write. */
function companyApi(state: { credentials: ReturnType<typeof credential>[]; service: string }) {
  const writes: { path: string; body: unknown }[] = [];
  server.use(
    http.get(apiUrl('/transcription-credentials'), () => HttpResponse.json(state.credentials)),
    http.get(apiUrl('/transcription-credentials/default'), () =>
      HttpResponse.json({ service: state.service }),
    ),
    http.put(apiUrl('/transcription-credentials/default'), async ({ request }) => {
      const body = (await request.json()) as { service: string };
      writes.push({ path: 'default', body });
      state.service = body.service;
      return HttpResponse.json(body);
    }),
    http.post(apiUrl('/transcription-credentials'), async ({ request }) => {
      const body = (await request.json()) as { service: string; isActive: boolean };
      writes.push({ path: 'credentials', body });
      const saved = credential(body.service, body.isActive);
      state.credentials = [...state.credentials.filter((c) => c.service !== body.service), saved];
      return HttpResponse.json(saved, { status: 201 });
    }),
  );
  return writes;
}

function renderPicker() {
  renderWithProviders(
    <>
      <TranscriptionDialog open onOpenChange={() => {}} />
      <Toaster />
    </>,
  );
}

const card = async (name: string) =>
  (await screen.findByRole('heading', { name })).closest('li') as HTMLElement;

describe('TranscriptionDialog', () => {
  it('shows the three services with the current default highlighted', async () => {
    companyApi({ credentials: [credential('openai')], service: 'openai' });
    renderPicker();
    const openai = await card('OpenAI (speech-to-text)');
    expect(within(openai).getByText('Padrão')).toBeTruthy();
    expect(within(openai).getByText('Chave: sk-…abcd')).toBeTruthy();
    expect(
      within(openai)
        .getByRole('button', { name: /Usar este serviço/ })
        .getAttribute('aria-pressed'),
    ).toBe('true');
    expect(within(await card('Serviço nativo')).queryByText('Padrão')).toBeNull();
    expect(within(await card('Groq')).getByText('Sem chave cadastrada')).toBeTruthy();
  });

  it('opens the credential dialog for a service without an active key, saves it, then makes it the default', async () => {
    const user = userEvent.setup();
    const writes = companyApi({ credentials: [credential('groq', false)], service: 'default' });
    renderPicker();
    await user.click(within(await card('Groq')).getByRole('button', { name: /Usar este serviço/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Credencial de transcrição' });
    // No default was asked for: the key comes first.
    expect(writes).toEqual([]);
    expect(within(dialog).getByLabelText('Serviço')).toHaveProperty('value', 'groq');
    await user.type(within(dialog).getByLabelText('Chave de API'), 'gsk_a-new-key-0123456789wxyz');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Credencial criada com sucesso')).toBeTruthy();
    await waitFor(() =>
      expect(writes).toEqual([
        {
          path: 'credentials',
          body: { service: 'groq', apiKey: 'gsk_a-new-key-0123456789wxyz', isActive: true },
        },
        { path: 'default', body: { service: 'groq' } },
      ]),
    );
    expect(await screen.findByText('Serviço padrão atualizado com sucesso')).toBeTruthy();
    await waitFor(() => expect(within(card_('Groq')).getByText('Padrão')).toBeTruthy());
  });

  it('picks a service with an active key directly, and says so when the api refuses', async () => {
    const user = userEvent.setup();
    const writes = companyApi({ credentials: [credential('openai')], service: 'default' });
    renderPicker();
    await user.click(
      within(await card('OpenAI (speech-to-text)')).getByRole('button', {
        name: /Usar este serviço/,
      }),
    );
    expect(await screen.findByText('Serviço padrão atualizado com sucesso')).toBeTruthy();
    expect(writes).toEqual([{ path: 'default', body: { service: 'openai' } }]);
    expect(screen.queryByRole('dialog', { name: 'Credencial de transcrição' })).toBeNull();

    server.use(
      http.put(apiUrl('/transcription-credentials/default'), () =>
        HttpResponse.json({ error: 'ERR_INTERNAL' }, { status: 500 }),
      ),
    );
    await user.click(
      within(await card('Serviço nativo')).getByRole('button', { name: /Usar este serviço/ }),
    );
    expect(await screen.findByText('Erro ao atualizar serviço padrão')).toBeTruthy();
  });

  it('shows the load error and the server text of a refused key', async () => {
    const user = userEvent.setup();
    server.use(
      http.get(apiUrl('/transcription-credentials'), () =>
        HttpResponse.json({ error: 'ERR_INTERNAL' }, { status: 500 }),
      ),
      http.get(apiUrl('/transcription-credentials/default'), () =>
        HttpResponse.json({ service: 'default' }),
      ),
    );
    renderPicker();
    expect(await screen.findByText('Erro ao carregar credenciais')).toBeTruthy();

    companyApi({ credentials: [], service: 'default' });
    server.use(
      http.post(apiUrl('/transcription-credentials'), () =>
        HttpResponse.json({ error: 'Chave recusada pelo provedor' }, { status: 400 }),
      ),
    );
    await user.click(
      await screen.findByRole('button', { name: 'Configurar chave: OpenAI (speech-to-text)' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Credencial de transcrição' });
    await user.type(within(dialog).getByLabelText('Chave de API'), 'sk-refused-key-000000');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Chave recusada pelo provedor')).toBeTruthy();
  });
});

/** A card found synchronously (after it rendered once). */
function card_(name: string) {
  return screen.getByRole('heading', { name }).closest('li') as HTMLElement;
}
