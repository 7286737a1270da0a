/** @vitest-environment jsdom */
import type { QueueIntegrationDetailView } from '@atendo/domain';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Toaster } from '@/components/ui/sonner';
import { http, HttpResponse, apiUrl, startTestApi } from '@/test/api';
import { renderWithProviders } from '@/test/render';
import { QueueIntegrationDialog } from './queue-integration-dialog';

const server = startTestApi();

const detail = (
  overrides: Partial<QueueIntegrationDetailView> = {},
): QueueIntegrationDetailView => ({
  id: 9,
  type: 'dialogflow',
  name: 'Robô de vendas',
  projectName: 'vendas-bot',
  language: 'pt-BR',
  urlN8N: null,
  typebotSlug: null,
  typebotExpires: 1,
  typebotDelayMessage: 1000,
  typebotKeywordFinish: null,
  typebotKeywordRestart: null,
  typebotUnknownMessage: null,
  typebotRestartMessage: null,
  hasJsonContent: true,
  createdAt: null,
  updatedAt: null,
  ...overrides,
});

function renderDialog(integrationId: number | null) {
  let closed = 0;
  renderWithProviders(
    <>
      <QueueIntegrationDialog open integrationId={integrationId} onClose={() => closed++} />
      <Toaster />
    </>,
  );
  return { closed: () => closed };
}

const typeSelect = () => screen.getByLabelText('Tipo');
const name = () => screen.getByLabelText('Nome');
const url = () => screen.getByLabelText('URL');
const add = () => screen.getByRole('button', { name: 'Adicionar' });

/** The labels of the type-specific fields the dialog shows now. */
function shownFields(): string[] {
  const labels = [
    'Nome do projeto',
    'Linguagem',
    'Chave da conta de serviço (JSON)',
    'URL',
    'Typebot - Slug',
    'Tempo em minutos para expirar uma conversa',
    'Intervalo (ms) entre mensagens',
    'Palavra para finalizar o ticket',
    'Palavra para reiniciar o fluxo',
    'Mensagem de opção inválida',
    'Mensagem ao reiniciar a conversa',
  ];
  return labels.filter((label) => screen.queryByLabelText(label) !== null);
}

describe('QueueIntegrationDialog', () => {
  it('asks an n8n integration for its url and a name of 2 characters before calling the api', async () => {
    const user = userEvent.setup();
    let posted = 0;
    server.use(
      http.post(apiUrl('/queueIntegration'), () => {
        posted++;
        return HttpResponse.json({}, { status: 500 });
      }),
    );
    renderDialog(null);
    await user.selectOptions(typeSelect(), 'n8n');
    await user.type(name(), 'a');
    await user.click(add());
    expect(await screen.findByText('Muito curto!')).toBeTruthy();
    expect(screen.getByText('Obrigatório')).toBeTruthy();
    expect(name().getAttribute('aria-invalid')).toBe('true');
    expect(url().getAttribute('aria-invalid')).toBe('true');

    await user.type(url(), 'ftp://n8n.example.com');
    await user.click(add());
    expect(await screen.findByText('URL inválida')).toBeTruthy();
    expect(posted).toBe(0);
  });

  it('creates a Typebot with its url, slug and the default timings', async () => {
    const user = userEvent.setup();
    let created: Record<string, unknown> | undefined;
    server.use(
      http.post(apiUrl('/queueIntegration'), async ({ request }) => {
        created = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json(
          detail({
            id: 12,
            type: 'typebot',
            name: 'Fluxo de boas-vindas',
            projectName: null,
            language: null,
            urlN8N: 'https://typebot.example.com',
            typebotSlug: 'boas-vindas',
            hasJsonContent: false,
          }),
          { status: 201 },
        );
      }),
    );
    const dialog = renderDialog(null);
    expect(typeSelect()).toHaveProperty('value', 'typebot');
    await user.type(name(), 'Fluxo de boas-vindas');
    await user.type(url(), 'https://typebot.example.com');
    await user.type(screen.getByLabelText('Typebot - Slug'), 'boas-vindas');
    await user.click(add());
    await waitFor(() => expect(dialog.closed()).toBe(1));
    expect(created).toMatchObject({
      type: 'typebot',
      name: 'Fluxo de boas-vindas',
      urlN8N: 'https://typebot.example.com',
      typebotSlug: 'boas-vindas',
      typebotExpires: 1,
      typebotDelayMessage: 1000,
      projectName: null,
      language: null,
    });
    expect(created).not.toHaveProperty('jsonContent');
    expect(await screen.findByText('Integração adicionada com sucesso.')).toBeTruthy();
  });

  it('keeps the stored Dialogflow key when editing without typing one', async () => {
    const user = userEvent.setup();
    let updated: Record<string, unknown> | undefined;
    server.use(
      http.get(apiUrl('/queueIntegration/9'), () => HttpResponse.json(detail())),
      http.put(apiUrl('/queueIntegration/9'), async ({ request }) => {
        updated = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json(detail({ name: 'Robô de vendas 2' }));
      }),
    );
    const dialog = renderDialog(9);
    expect(await screen.findByRole('heading', { name: 'Editar projeto' })).toBeTruthy();
    await waitFor(() => expect(name()).toHaveProperty('value', 'Robô de vendas'));
    expect(typeSelect()).toHaveProperty('value', 'dialogflow');
    expect(screen.getByLabelText('Nome do projeto')).toHaveProperty('value', 'vendas-bot');
    expect(screen.getByLabelText('Linguagem')).toHaveProperty('value', 'pt-BR');
    const key = screen.getByLabelText('Chave da conta de serviço (JSON)');
    expect(key).toHaveProperty('value', '');
    expect(
      screen.getByText('Uma chave está armazenada — deixe em branco para mantê-la.'),
    ).toBeTruthy();

    await user.clear(name());
    await user.type(name(), 'Robô de vendas 2');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(dialog.closed()).toBe(1));
    expect(updated).toMatchObject({
      type: 'dialogflow',
      name: 'Robô de vendas 2',
      projectName: 'vendas-bot',
      language: 'pt-BR',
      urlN8N: null,
      typebotSlug: null,
    });
    expect(updated?.jsonContent ?? '').toBe('');
    expect(await screen.findByText('Integração editada com sucesso.')).toBeTruthy();
  });

  it('shows only the chosen type’s fields, and asks a new Dialogflow for its key', async () => {
    const user = userEvent.setup();
    let posted = 0;
    server.use(
      http.post(apiUrl('/queueIntegration'), () => {
        posted++;
        return HttpResponse.json({}, { status: 500 });
      }),
    );
    renderDialog(null);
    expect(shownFields()).toEqual([
      'URL',
      'Typebot - Slug',
      'Tempo em minutos para expirar uma conversa',
      'Intervalo (ms) entre mensagens',
      'Palavra para finalizar o ticket',
      'Palavra para reiniciar o fluxo',
      'Mensagem de opção inválida',
      'Mensagem ao reiniciar a conversa',
    ]);
    await user.selectOptions(typeSelect(), 'dialogflow');
    expect(shownFields()).toEqual([
      'Nome do projeto',
      'Linguagem',
      'Chave da conta de serviço (JSON)',
    ]);
    await user.selectOptions(typeSelect(), 'webhook');
    expect(shownFields()).toEqual(['URL']);
    await user.selectOptions(typeSelect(), 'n8n');
    expect(shownFields()).toEqual(['URL']);

    await user.selectOptions(typeSelect(), 'dialogflow');
    await user.type(name(), 'Robô');
    await user.type(screen.getByLabelText('Nome do projeto'), 'robo-bot');
    await user.selectOptions(screen.getByLabelText('Linguagem'), 'en');
    await user.click(add());
    const key = screen.getByLabelText('Chave da conta de serviço (JSON)');
    await waitFor(() => expect(key.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText('Obrigatório')).toBeTruthy();
    expect(posted).toBe(0);
  });

  it('shows a duplicated name as the api error toast and stays open', async () => {
    const user = userEvent.setup();
    server.use(
      http.post(apiUrl('/queueIntegration'), () =>
        HttpResponse.json({ error: 'ERR_DUPLICATED_INTEGRATION' }, { status: 409 }),
      ),
    );
    const dialog = renderDialog(null);
    await user.selectOptions(typeSelect(), 'webhook');
    await user.type(name(), 'Meu webhook');
    await user.type(url(), 'https://hooks.example.com/in');
    await user.click(add());
    expect(await screen.findByText('Já existe uma integração com este nome.')).toBeTruthy();
    expect(dialog.closed()).toBe(0);
  });

  it('tests a new Dialogflow with the typed settings, saving nothing', async () => {
    const user = userEvent.setup();
    let tested: Record<string, unknown> | undefined;
    let saved = 0;
    server.use(
      http.post(apiUrl('/queueIntegration/testSession'), async ({ request }) => {
        tested = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json({
          ok: true,
          type: 'dialogflow',
          intent: 'Boas-vindas',
          messages: ['Olá!'],
        });
      }),
      http.post(apiUrl('/queueIntegration'), () => {
        saved++;
        return HttpResponse.json({}, { status: 500 });
      }),
    );
    const dialog = renderDialog(null);
    await user.selectOptions(typeSelect(), 'dialogflow');
    await user.type(screen.getByLabelText('Nome do projeto'), 'robo-bot');
    await user.selectOptions(screen.getByLabelText('Linguagem'), 'en');
    await user.click(screen.getByLabelText('Chave da conta de serviço (JSON)'));
    await user.paste('{"type":"service_account","client_email":"bot@robo-bot.iam"}');
    await user.click(screen.getByRole('button', { name: 'Testar' }));
    expect(await screen.findByText('Integração testada com sucesso!')).toBeTruthy();
    expect(tested).toEqual({
      type: 'dialogflow',
      projectName: 'robo-bot',
      language: 'en',
      urlN8N: null,
      typebotSlug: null,
      jsonContent: '{"type":"service_account","client_email":"bot@robo-bot.iam"}',
    });
    expect(saved).toBe(0);
    expect(dialog.closed()).toBe(0);
  });

  it('tests an edited Dialogflow with its stored key (its id), and shows the provider’s refusal', async () => {
    const user = userEvent.setup();
    let tested: Record<string, unknown> | undefined;
    server.use(
      http.get(apiUrl('/queueIntegration/9'), () => HttpResponse.json(detail())),
      http.post(apiUrl('/queueIntegration/testSession'), async ({ request }) => {
        tested = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json(
          {
            error: 'ERR_INTEGRATION_FAILED',
            data: { reason: 'status', status: 403, message: 'IAM permission denied.' },
          },
          { status: 502 },
        );
      }),
    );
    renderDialog(9);
    await waitFor(() => expect(name()).toHaveProperty('value', 'Robô de vendas'));
    await user.click(screen.getByRole('button', { name: 'Testar' }));
    expect(
      await screen.findByText(
        'A integração recusou a chamada ou não pôde ser alcançada. (HTTP 403 — IAM permission denied.)',
      ),
    ).toBeTruthy();
    expect(tested).toEqual({
      type: 'dialogflow',
      projectName: 'vendas-bot',
      language: 'pt-BR',
      urlN8N: null,
      typebotSlug: null,
      id: 9,
    });
    expect(screen.queryByText('Integração testada com sucesso!')).toBeNull();
  });

  it('asks for the url before testing a webhook, and shows refused credentials as their error', async () => {
    const user = userEvent.setup();
    const tested: Record<string, unknown>[] = [];
    server.use(
      http.post(apiUrl('/queueIntegration/testSession'), async ({ request }) => {
        tested.push((await request.json()) as Record<string, unknown>);
        return HttpResponse.json({ error: 'ERR_INTEGRATION_CREDENTIALS' }, { status: 400 });
      }),
    );
    renderDialog(null);
    await user.selectOptions(typeSelect(), 'webhook');
    await user.click(screen.getByRole('button', { name: 'Testar' }));
    await waitFor(() => expect(url().getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText('Obrigatório')).toBeTruthy();
    expect(tested).toEqual([]);

    await user.type(url(), 'https://hooks.example.com/in');
    await user.click(screen.getByRole('button', { name: 'Testar' }));
    expect(
      await screen.findByText(
        'As credenciais da integração são inválidas ou foram recusadas pelo provedor.',
      ),
    ).toBeTruthy();
    expect(tested).toEqual([
      {
        type: 'webhook',
        projectName: null,
        language: null,
        urlN8N: 'https://hooks.example.com/in',
        typebotSlug: null,
      },
    ]);
  });
});
