/** @vitest-environment jsdom */
import type { QuickMessageView } from '@atendo/domain';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Toaster } from '@/components/ui/sonner';
import { http, HttpResponse, apiUrl, startTestApi } from '@/test/api';
import { renderWithProviders } from '@/test/render';
import { canEditQuickMessage, QuickMessageDialog } from './quick-message-dialog';

const server = startTestApi();

const record = (overrides: Partial<QuickMessageView> = {}): QuickMessageView => ({
  id: 3,
  shortcode: 'ola',
  message: 'Olá!',
  geral: false,
  visao: true,
  status: null,
  userId: 7,
  mediaPath: null,
  mediaName: null,
  mediaUrl: null,
  isMedia: false,
  createdAt: null,
  updatedAt: null,
  ...overrides,
});

function renderDialog(current: QuickMessageView | null, editor = { userId: 7, isAdmin: false }) {
  let closed = 0;
  renderWithProviders(
    <>
      <QuickMessageDialog open record={current} editor={editor} onClose={() => closed++} />
      <Toaster />
    </>,
  );
  return { closed: () => closed };
}

const shortcode = () => screen.getByLabelText('Atalho');
const message = () => screen.getByLabelText('Mensagem');

describe('QuickMessageDialog', () => {
  it('requires a shortcode before calling the api', async () => {
    const user = userEvent.setup();
    let posted = 0;
    server.use(
      http.post(apiUrl('/quick-messages'), () => {
        posted++;
        return HttpResponse.json({}, { status: 500 });
      }),
    );
    renderDialog(null);
    await user.type(message(), 'Sem atalho');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Obrigatório')).toBeTruthy();
    expect(shortcode().getAttribute('aria-invalid')).toBe('true');
    await user.type(shortcode(), '   ');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Obrigatório')).toBeTruthy();
    expect(posted).toBe(0);
  });

  it('creates a shared message, then uploads its attachment', async () => {
    const user = userEvent.setup();
    const calls: string[] = [];
    let created: unknown;
    let uploaded: FormData | undefined;
    server.use(
      http.post(apiUrl('/quick-messages'), async ({ request }) => {
        created = await request.json();
        calls.push('create');
        return HttpResponse.json(record({ id: 11, shortcode: 'preco', geral: true }), {
          status: 201,
        });
      }),
      http.post(apiUrl('/quick-messages/11/media-upload'), async ({ request }) => {
        uploaded = await request.formData();
        calls.push('upload');
        return HttpResponse.json(record({ id: 11, mediaName: 'tabela.pdf' }));
      }),
    );
    const dialog = renderDialog(null);
    await user.type(shortcode(), 'preco');
    await user.type(message(), 'Nossa tabela');
    await user.click(screen.getByLabelText('Compartilhar com todos os usuários'));
    await user.upload(
      screen.getByLabelText('Anexar arquivo', { selector: 'input' }),
      new File(['%PDF-1.4'], 'tabela.pdf', { type: 'application/pdf' }),
    );
    expect(screen.getByText('tabela.pdf')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(dialog.closed()).toBe(1));
    expect(calls).toEqual(['create', 'upload']);
    expect(created).toEqual({ shortcode: 'preco', message: 'Nossa tabela', geral: true });
    // jsdom's FormData loses the file name on the way; the part and its bytes arrive.
    expect((uploaded?.get('file') as File).size).toBeGreaterThan(0);
    expect(uploaded?.get('typeArch')).toBe('quickMessage');
    expect(await screen.findByText('Resposta rápida salva.')).toBeTruthy();
  });

  it('shows a duplicate shortcode as the api error toast and stays open', async () => {
    const user = userEvent.setup();
    server.use(
      http.put(apiUrl('/quick-messages/3'), () =>
        HttpResponse.json({ error: 'ERR_DUPLICATED_SHORTCODE' }, { status: 409 }),
      ),
    );
    const dialog = renderDialog(record());
    expect(shortcode()).toHaveProperty('value', 'ola');
    await user.clear(shortcode());
    await user.type(shortcode(), 'preco');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Já existe uma resposta rápida com este atalho.')).toBeTruthy();
    expect(dialog.closed()).toBe(0);
  });

  it("is read-only for a non-owner's message that is not shared", () => {
    renderDialog(record({ userId: 99 }), { userId: 7, isAdmin: true });
    expect(screen.getByRole('heading', { name: 'Resposta rápida' })).toBeTruthy();
    expect(shortcode().matches(':disabled')).toBe(true);
    expect(message().matches(':disabled')).toBe(true);
    expect(screen.queryByRole('button', { name: 'Salvar' })).toBeNull();
    expect(
      canEditQuickMessage(record({ userId: 99, geral: true }), { userId: 7, isAdmin: true }),
    ).toBe(true);
    expect(
      canEditQuickMessage(record({ userId: 99, geral: true }), { userId: 7, isAdmin: false }),
    ).toBe(false);
    expect(canEditQuickMessage(record(), { userId: 7, isAdmin: false })).toBe(true);
  });
});
