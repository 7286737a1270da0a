/** @vitest-environment jsdom */
import type { PlanView, UserView, WhatsappView } from '@atendo/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
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
import { MessagesApiPage } from './messages-api-page';

const server = startTestApi(
  userCreation('enabled'),
  http.get(apiUrl('/helps/list'), () => HttpResponse.json([])),
);

const connection = (id: number, name: string, token: string | null) =>
  ({
    id,
    companyId: 2,
    name,
    channel: 'whatsapp',
    status: 'CONNECTED',
    isDefault: id === 1,
    token,
  }) as WhatsappView;

/** A logged-in admin of a company on `plan`, whose connections carry tokens. */
function signedIn(user: UserView = userFixture(), plan: PlanView = planFixture()) {
  localStorage.setItem('token', 'access-token');
  server.use(
    http.get(apiUrl('/auth/me'), () => HttpResponse.json(user)),
    http.get(apiUrl(`/companies/listPlan/${user.companyId}`), () => HttpResponse.json({ plan })),
    http.get(apiUrl('/whatsapp'), () =>
      HttpResponse.json([
        connection(1, 'Comercial', 'tok-comercial'),
        connection(2, 'Suporte', null),
      ]),
    ),
  );
}

interface Sent {
  authorization: string | null;
  contentType: string;
  body: unknown;
}

/** Records each call to the messages API and answers with `answer`. */
function messagesApi(answer: () => Response) {
  const sent: Sent[] = [];
  server.use(
    http.post(apiUrl('/api/messages/send'), async ({ request }) => {
      const contentType = request.headers.get('content-type') ?? '';
      sent.push({
        authorization: request.headers.get('authorization'),
        contentType,
        body: contentType.includes('multipart') ? await request.formData() : await request.json(),
      });
      return answer();
    }),
  );
  return sent;
}

const ok = () =>
  HttpResponse.json({ mensagem: 'Mensagem enviada', ticketId: 42, messageIds: [1001] });

function renderPage() {
  renderWithProviders(
    <>
      <Routes>
        <Route element={<PrivateRoute />}>
          <Route path="/" element={<h1>Início</h1>} />
          <Route path="/messages-api" element={<MessagesApiPage />} />
        </Route>
      </Routes>
      <Toaster />
    </>,
    { route: '/messages-api', session: true },
  );
}

const textForm = () => screen.findByRole('form', { name: 'Testar envio de texto' });
const mediaForm = () => screen.findByRole('form', { name: 'Testar envio de arquivo' });
const fieldError = (id: string) => document.getElementById(`${id}-error`)?.textContent;

describe('MessagesApiPage', () => {
  it('documents the endpoint on the api address with the number rule', async () => {
    signedIn();
    renderPage();
    expect(await screen.findByRole('heading', { name: 'API de mensagens' })).toBeTruthy();
    expect(screen.getAllByText(apiUrl('/api/messages/send')).length).toBeGreaterThan(0);
    expect(screen.getByText(/código do país, DDD e número, sem máscara/)).toBeTruthy();
    expect(screen.getByLabelText('Enviar arquivos (multipart) — curl').textContent).toContain(
      "-F 'medias=@",
    );
  });

  it('refuses a masked number, then sends a valid one with the connection token as JSON', async () => {
    const user = userEvent.setup();
    signedIn();
    const sent = messagesApi(ok);
    renderPage();
    const form = within(await textForm());
    await user.selectOptions(await form.findByLabelText('Conexão'), 'Comercial');
    expect((form.getByLabelText('Token') as HTMLInputElement).value).toBe('tok-comercial');
    await user.type(form.getByLabelText('Número'), '+55 (11) 99999-9999');
    await user.type(form.getByLabelText('Mensagem'), 'Olá!');
    await user.click(form.getByRole('button', { name: 'Enviar' }));
    await waitFor(() =>
      expect(fieldError('api-text-number')).toBe(
        'Apenas dígitos: código do país, DDD e número, sem máscara',
      ),
    );
    expect(sent).toHaveLength(0);

    await user.clear(form.getByLabelText('Número'));
    await user.type(form.getByLabelText('Número'), '5511999999999');
    await user.click(form.getByRole('button', { name: 'Enviar' }));
    expect(await form.findByText('Ticket 42 · Mensagens: 1001')).toBeTruthy();
    expect(sent).toEqual([
      {
        authorization: 'Bearer tok-comercial',
        contentType: 'application/json',
        body: { number: '5511999999999', body: 'Olá!' },
      },
    ]);
    expect(await screen.findByText('Mensagem enviada com sucesso')).toBeTruthy();
  });

  it('requires a file for media, then sends multipart with medias', async () => {
    const user = userEvent.setup();
    signedIn();
    const sent = messagesApi(ok);
    renderPage();
    const form = within(await mediaForm());
    await user.type(form.getByLabelText('Token'), 'typed-token');
    await user.type(form.getByLabelText('Número'), '5511988887777');
    await user.click(form.getByRole('button', { name: 'Enviar' }));
    await waitFor(() => expect(fieldError('api-media-file')).toBe('Obrigatório'));
    expect(sent).toHaveLength(0);

    await user.upload(
      form.getByLabelText('Arquivo'),
      new File(['%PDF-1.4'], 'boleto.pdf', { type: 'application/pdf' }),
    );
    await user.type(form.getByLabelText('Legenda (opcional)'), 'Seu boleto');
    await user.click(form.getByRole('button', { name: 'Enviar' }));
    expect(await form.findByText('Ticket 42 · Mensagens: 1001')).toBeTruthy();
    expect(sent).toHaveLength(1);
    expect(sent[0]!.authorization).toBe('Bearer typed-token');
    expect(sent[0]!.contentType).toContain('multipart/form-data');
    const data = sent[0]!.body as FormData;
    expect(data.get('number')).toBe('5511988887777');
    expect(data.get('body')).toBe('Seu boleto');
    // jsdom's FormData keeps the part but not its name on the way.
    expect((data.get('medias') as File).size).toBeGreaterThan(0);
  });

  it("shows the api's refusal: its code in words and its field messages under the fields", async () => {
    const user = userEvent.setup();
    signedIn();
    let status = 400;
    messagesApi(() =>
      status === 400
        ? HttpResponse.json(
            {
              error: 'ERR_VALIDATION',
              fields: [
                { field: 'number', message: 'Digits only: country code, area code and number' },
                { field: 'userId', message: 'Unknown user' },
              ],
            },
            { status },
          )
        : HttpResponse.json({ error: 'ERR_INVALID_TOKEN' }, { status }),
    );
    renderPage();
    const form = within(await textForm());
    await user.type(form.getByLabelText('Token'), 'old-token');
    await user.type(form.getByLabelText('Número'), '5511999999999');
    await user.type(form.getByLabelText('Mensagem'), 'Oi');
    await user.click(form.getByRole('button', { name: 'Enviar' }));
    expect(await form.findByText('Há campos inválidos.')).toBeTruthy();
    expect(fieldError('api-text-number')).toBe(
      'Apenas dígitos: código do país, DDD e número, sem máscara',
    );
    expect(form.getByText(/Unknown user/, { selector: 'li' }).textContent).toBe(
      'userId: Unknown user',
    );

    status = 403;
    await user.click(form.getByRole('button', { name: 'Enviar' }));
    expect(await form.findByText('Nenhuma conexão tem este token.')).toBeTruthy();
    expect(form.getByText('A API recusou o envio (403)')).toBeTruthy();
  });

  it('sends the user home when the plan has no external API', async () => {
    signedIn(userFixture(), planFixture({ useExternalApi: false } as Partial<PlanView>));
    renderPage();
    expect(
      await screen.findByText(
        'Esta empresa não possui permissão para acessar essa página! Estamos lhe redirecionando.',
      ),
    ).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Início' })).toBeTruthy();
  });
});
