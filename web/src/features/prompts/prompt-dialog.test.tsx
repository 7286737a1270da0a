/** @vitest-environment jsdom */
import type { PromptDetailView } from '@atendo/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Toaster } from '@/components/ui/sonner';
import { http, HttpResponse, apiUrl, startTestApi } from '@/test/api';
import { renderWithProviders } from '@/test/render';
import { PromptDialog } from './prompt-dialog';

const server = startTestApi(
  http.get(apiUrl('/queue'), () =>
    HttpResponse.json([
      { id: 3, name: 'Vendas', color: '#0f0', orderQueue: 1 },
      { id: 4, name: 'Suporte', color: '#00f', orderQueue: 2 },
    ]),
  ),
);

const INSTRUCTIONS =
  'Você é o assistente de vendas da loja. Responda com educação e ofereça os produtos do catálogo.';

const detail = (overrides: Partial<PromptDetailView> = {}): PromptDetailView => ({
  id: 9,
  name: 'Assistente de vendas',
  prompt: INSTRUCTIONS,
  voice: 'texto',
  voiceRegion: null,
  model: null,
  queueId: 3,
  queue: { id: 3, name: 'Vendas' },
  maxTokens: 200,
  temperature: 0.5,
  maxMessages: 8,
  hasApiKey: true,
  hasVoiceKey: false,
  createdAt: null,
  updatedAt: null,
  ...overrides,
});

function renderDialog(promptId: number | null) {
  let closed = 0;
  renderWithProviders(
    <>
      <PromptDialog open promptId={promptId} onClose={() => closed++} />
      <Toaster />
    </>,
  );
  return { closed: () => closed };
}

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const name = () => field('Nome');
const instructions = () => field('Prompt');
const queue = () => field('Setor');
const apiKey = () => field('Chave da API OpenAI');
const voice = () => field('Voz');
const save = () => screen.getByRole('button', { name: 'Salvar' });

/** Records every POST and PUT of a prompt, answering `answer`. */
function writes(answer: PromptDetailView = detail()) {
  const bodies: { method: string; body: Record<string, unknown> }[] = [];
  const record = async ({ request }: { request: Request }) => {
    bodies.push({
      method: request.method,
      body: (await request.json()) as Record<string, unknown>,
    });
    return HttpResponse.json(answer, { status: request.method === 'POST' ? 201 : 200 });
  };
  server.use(http.post(apiUrl('/prompt'), record), http.put(apiUrl('/prompt/:id'), record));
  return bodies;
}

describe('PromptDialog', () => {
  it('asks for a 5-character name, a 50-character prompt and a queue before calling the api', async () => {
    const user = userEvent.setup();
    const bodies = writes();
    renderDialog(null);
    await user.type(await screen.findByLabelText('Nome'), 'Bot');
    await user.type(instructions(), 'Seja breve.');
    await user.type(apiKey(), 'sk-test');
    await user.click(save());
    expect(await screen.findByText('O nome deve ter entre 5 e 100 caracteres.')).toBeTruthy();
    expect(screen.getByText('O prompt deve ter pelo menos 50 caracteres.')).toBeTruthy();
    expect(screen.getByText('Informe o setor')).toBeTruthy();
    expect(name().getAttribute('aria-invalid')).toBe('true');
    expect(queue().getAttribute('aria-invalid')).toBe('true');

    // Name and prompt fixed, still no queue: the queue alone holds the save back.
    await user.clear(name());
    await user.type(name(), 'Assistente');
    await user.clear(instructions());
    await user.type(instructions(), INSTRUCTIONS);
    await user.click(save());
    await waitFor(() =>
      expect(screen.queryByText('O nome deve ter entre 5 e 100 caracteres.')).toBeNull(),
    );
    expect(screen.getByText('Informe o setor')).toBeTruthy();
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(bodies).toEqual([]);
  });

  it('creates a prompt with the defaults of docs/product/queues-and-chatbots.md and its key', async () => {
    const user = userEvent.setup();
    const bodies = writes(detail());
    const dialog = renderDialog(null);
    expect(await screen.findByRole('heading', { name: 'Adicionar prompt' })).toBeTruthy();
    await screen.findByLabelText('Nome');
    expect(field('Máximo de tokens na resposta').value).toBe('100');
    expect(field('Temperatura').value).toBe('1');
    expect(field('Máximo de mensagens no histórico').value).toBe('10');
    expect(voice().value).toBe('texto');
    expect(Array.from((voice() as unknown as HTMLSelectElement).options)).toHaveLength(17);
    expect(apiKey().type).toBe('password');

    await user.type(name(), 'Assistente de vendas');
    await user.type(instructions(), INSTRUCTIONS);
    await user.selectOptions(queue(), 'Vendas');
    await user.type(apiKey(), 'sk-test-123');
    await user.click(save());
    await waitFor(() => expect(dialog.closed()).toBe(1));
    expect(bodies).toEqual([
      {
        method: 'POST',
        body: {
          name: 'Assistente de vendas',
          prompt: INSTRUCTIONS,
          queueId: 3,
          apiKey: 'sk-test-123',
          voice: 'texto',
          maxTokens: 100,
          temperature: 1,
          maxMessages: 10,
        },
      },
    ]);
    expect(await screen.findByText('Prompt salvo com sucesso!')).toBeTruthy();
  });

  it('requires the OpenAI key to create a prompt', async () => {
    const user = userEvent.setup();
    const bodies = writes();
    renderDialog(null);
    await user.type(await screen.findByLabelText('Nome'), 'Assistente de vendas');
    await user.type(instructions(), INSTRUCTIONS);
    await user.selectOptions(queue(), 'Vendas');
    await user.click(save());
    expect(await screen.findByText('Obrigatório')).toBeTruthy();
    expect(apiKey().getAttribute('aria-invalid')).toBe('true');
    expect(bodies).toEqual([]);
  });

  it('edits a prompt whose key is stored without asking for the key again', async () => {
    const user = userEvent.setup();
    server.use(http.get(apiUrl('/prompt/9'), () => HttpResponse.json(detail())));
    const bodies = writes(detail({ name: 'Assistente comercial' }));
    const dialog = renderDialog(9);
    expect(await screen.findByRole('heading', { name: 'Editar prompt' })).toBeTruthy();
    await waitFor(() => expect(name().value).toBe('Assistente de vendas'));
    expect(instructions().value).toBe(INSTRUCTIONS);
    expect(queue().value).toBe('3');
    expect(field('Máximo de tokens na resposta').value).toBe('200');
    expect(field('Temperatura').value).toBe('0.5');
    expect(apiKey().value).toBe('');
    expect(apiKey().getAttribute('aria-describedby')).toBe('prompt-apiKey-hint');
    expect(
      screen.getByText('Uma chave está armazenada — deixe em branco para mantê-la.'),
    ).toBeTruthy();

    await user.clear(name());
    await user.type(name(), 'Assistente comercial');
    await user.clear(field('Temperatura'));
    await user.type(field('Temperatura'), '0.7');
    await user.click(save());
    await waitFor(() => expect(dialog.closed()).toBe(1));
    expect(bodies).toHaveLength(1);
    expect(bodies[0]!.method).toBe('PUT');
    expect(bodies[0]!.body).toEqual({
      name: 'Assistente comercial',
      prompt: INSTRUCTIONS,
      queueId: 3,
      voice: 'texto',
      maxTokens: 200,
      temperature: 0.7,
      maxMessages: 8,
      model: null,
      voiceKey: null,
      voiceRegion: null,
    });
    expect(bodies[0]!.body).not.toHaveProperty('apiKey');
    expect(await screen.findByText('Prompt salvo com sucesso!')).toBeTruthy();
  });

  it('asks for the voice key and region only for a neural voice', async () => {
    const user = userEvent.setup();
    const bodies = writes();
    renderDialog(null);
    await user.type(await screen.findByLabelText('Nome'), 'Assistente de voz');
    expect(screen.queryByLabelText('Chave da voz')).toBeNull();
    expect(screen.queryByLabelText('Região da voz')).toBeNull();

    await user.selectOptions(voice(), 'pt-BR-FranciscaNeural');
    expect(within(voice().parentElement!).getByRole('option', { name: 'Francisca' })).toBeTruthy();
    expect(field('Chave da voz').type).toBe('password');
    await user.type(field('Chave da voz'), 'azure-key');
    await user.type(field('Região da voz'), 'brazilsouth');
    await user.type(instructions(), INSTRUCTIONS);
    await user.selectOptions(queue(), 'Suporte');
    await user.type(apiKey(), 'sk-test-123');
    await user.click(save());
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]!.body).toMatchObject({
      voice: 'pt-BR-FranciscaNeural',
      voiceKey: 'azure-key',
      voiceRegion: 'brazilsouth',
      queueId: 4,
    });

    await user.selectOptions(voice(), 'texto');
    expect(screen.queryByLabelText('Chave da voz')).toBeNull();
    expect(screen.queryByLabelText('Região da voz')).toBeNull();
  });

  it("shows the api's 'Informe o setor' on the queue and stays open", async () => {
    const user = userEvent.setup();
    server.use(
      http.post(apiUrl('/prompt'), () =>
        HttpResponse.json(
          { error: 'ERR_VALIDATION', fields: [{ field: 'queueId', message: 'Informe o setor' }] },
          { status: 400 },
        ),
      ),
    );
    const dialog = renderDialog(null);
    await user.type(await screen.findByLabelText('Nome'), 'Assistente de vendas');
    await user.type(instructions(), INSTRUCTIONS);
    await user.selectOptions(queue(), 'Vendas');
    await user.type(apiKey(), 'sk-test-123');
    await user.click(save());
    expect(await screen.findByText('Informe o setor')).toBeTruthy();
    expect(await screen.findByText('Dados inválidos. Verifique os campos.')).toBeTruthy();
    expect(dialog.closed()).toBe(0);
  });
});
