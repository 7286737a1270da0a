/** @vitest-environment jsdom */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  apiUrl,
  http,
  HttpResponse,
  planFixture,
  startTestApi,
  userCreation,
  userFixture,
} from '@/test/api';
import { Toaster } from '@/components/ui/sonner';
import { renderWithProviders } from '@/test/render';
import { messageFixture, ticketFixture } from '../test-fixtures';
import { WhenLoggedIn } from '../test-session';
import { Composer, SIGN_MESSAGE_KEY } from './composer';
import { MIN_AUDIO_BYTES } from './use-audio-recorder';

const ticket = ticketFixture();
const sent: unknown[] = [];

const server = startTestApi(
  userCreation('enabled'),
  http.get(apiUrl('/auth/me'), () => HttpResponse.json(userFixture())),
  http.get(apiUrl('/companies/listPlan/:id'), () => HttpResponse.json({ plan: planFixture() })),
  // what the schedule dialog lists
  http.get(apiUrl('/whatsapp'), () =>
    HttpResponse.json([
      { id: 1, name: 'Principal', channel: 'whatsapp', status: 'CONNECTED' },
      { id: 4, name: 'Comercial', channel: 'whatsapp', status: 'CONNECTED' },
    ]),
  ),
  http.get(apiUrl('/users/list'), () => HttpResponse.json([])),
  http.get(apiUrl('/queue'), () => HttpResponse.json([])),
  http.get(apiUrl('/settings'), () =>
    HttpResponse.json([{ key: 'sendSignMessage', value: 'enabled' }]),
  ),
  http.get(apiUrl('/quick-messages/list'), () =>
    HttpResponse.json([
      quick(1, 'ola', 'Olá! Como posso ajudar?'),
      quick(2, 'horario', `Nosso horário é ${'das 8h às 18h, '.repeat(10)}`),
    ]),
  ),
  http.post(apiUrl(`/messages/${ticket.uuid}`), async ({ request }) => {
    const type = request.headers.get('content-type') ?? '';
    sent.push(type.includes('multipart') ? await request.formData() : await request.json());
    return HttpResponse.json({ messages: [messageFixture()] });
  }),
);

function quick(id: number, shortcode: string, message: string) {
  return {
    id,
    shortcode,
    message,
    geral: true,
    visao: true,
    status: null,
    userId: 7,
    mediaPath: null,
    mediaName: null,
    mediaUrl: null,
    isMedia: false,
    createdAt: null,
    updatedAt: null,
  };
}

beforeEach(() => {
  sent.length = 0;
  localStorage.setItem('token', 'access-token');
});

async function renderComposer(shown = ticket) {
  renderWithProviders(
    <>
      <WhenLoggedIn>
        <Composer ticket={shown} quoted={null} onClearQuoted={() => {}} />
      </WhenLoggedIn>
      <Toaster />
    </>,
    { session: true, route: `/tickets/${ticket.uuid}` },
  );
  return screen.findByRole('textbox', { name: 'Mensagem' });
}

describe('Composer', () => {
  it('refuses an empty or whitespace-only text and sends a real one on Enter', async () => {
    const user = userEvent.setup();
    const input = await renderComposer();
    await user.type(input, '   {Enter}');
    await new Promise((r) => setTimeout(r, 50));
    expect(sent).toHaveLength(0);
    await user.clear(input);
    await user.type(input, 'linha 1{Shift>}{Enter}{/Shift}linha 2{Enter}');
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ body: 'linha 1\nlinha 2', isPrivate: false });
  });

  it('sends isPrivate when the private toggle is on (and no signature)', async () => {
    const user = userEvent.setup();
    const input = await renderComposer();
    await user.click(screen.getByRole('button', { name: 'Mensagem privada' }));
    await user.type(input, 'nota interna{Enter}');
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({
      body: 'nota interna',
      isPrivate: true,
      sendSignMessage: false,
    });
  });

  it('keeps the signature toggle in localStorage sendSignMessage and sends it', async () => {
    const user = userEvent.setup();
    const input = await renderComposer();
    const toggle = await screen.findByRole('button', { name: 'Assinar mensagens' });
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
    await user.click(toggle);
    expect(localStorage.getItem(SIGN_MESSAGE_KEY)).toBe('false');
    await user.type(input, 'sem assinatura{Enter}');
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ sendSignMessage: false });
    await user.click(toggle);
    expect(localStorage.getItem(SIGN_MESSAGE_KEY)).toBe('true');
  });

  it("lists quick replies for '/' with previews cut at 90 characters", async () => {
    const user = userEvent.setup();
    const input = await renderComposer();
    await user.type(input, '/');
    const list = await screen.findByRole('list', { name: 'Respostas rápidas' });
    expect(list.querySelectorAll('li')).toHaveLength(2);
    const long = screen.getByText('/horario').parentElement!.textContent!;
    expect(long.length).toBeLessThanOrEqual('/horario - '.length + 90 + 1);
    expect(long.endsWith('…')).toBe(true);
    await user.type(input, 'ol');
    await waitFor(() => expect(list.querySelectorAll('li')).toHaveLength(1));
    await user.click(screen.getByText('/ola'));
    expect((input as HTMLTextAreaElement).value).toBe('Olá! Como posso ajudar?');
  });

  it("schedules a message to the ticket's contact from the schedule button", async () => {
    const user = userEvent.setup();
    await renderComposer();
    await user.click(await screen.findByRole('button', { name: 'Agendar mensagem' }));
    const dialog = await screen.findByRole('dialog', { name: 'Novo agendamento' });
    expect(within(dialog).getByText('Maria Souza')).toBeTruthy();
    expect(within(dialog).queryByText(/próxima versão/)).toBeNull();
  });

  it("saves the schedule with the ticket's contact and connection and stays in the conversation", async () => {
    const user = userEvent.setup();
    let posted: Record<string, unknown> | undefined;
    server.use(
      http.post(apiUrl('/schedules'), async ({ request }) => {
        posted = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json({ id: 12 }, { status: 201 });
      }),
    );
    await renderComposer();
    await user.click(await screen.findByRole('button', { name: 'Agendar mensagem' }));
    const dialog = await screen.findByRole('dialog', { name: 'Novo agendamento' });
    await user.type(
      within(dialog).getByLabelText('Mensagem', { selector: 'textarea' }),
      'Lembrete da consulta',
    );
    await user.click(within(dialog).getByRole('tab', { name: 'Configurações' }));
    const connection = within(dialog).getByLabelText('Conexão') as HTMLSelectElement;
    await waitFor(() =>
      expect(connection.options[connection.selectedIndex]?.text).toBe('Principal'),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));

    expect(await screen.findByText('Agendamento salvo.')).toBeTruthy();
    expect(posted).toMatchObject({ contactId: 5, whatsappId: 1, body: 'Lembrete da consulta' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('status', { name: 'location' }).textContent).toBe(
      `/tickets/${ticket.uuid}`,
    );
  });

  it('offers no schedule button when the plan has no schedules', async () => {
    server.use(
      http.get(apiUrl('/companies/listPlan/:id'), () =>
        HttpResponse.json({ plan: planFixture({ useSchedules: false }) }),
      ),
    );
    await renderComposer();
    await screen.findByRole('button', { name: 'Mensagem privada' });
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByRole('button', { name: 'Agendar mensagem' })).toBeNull();
  });

  describe('audio recording', () => {
    /** How long the next recording is, and the containers the browser records in. */
    let seconds = 0;
    let recordsIn = ['audio/ogg'];
    const decoded: Blob[] = [];
    /** The n-th `medias` part's file name and type as the composer appends it to its form. */
    let mediaPart: (n: number) => { name: unknown; type: unknown; file: Blob | undefined };
    beforeEach(() => {
      decoded.length = 0;
      // jsdom's FormData loses a part's file name on the way to the test api: read it here
      const append = vi.spyOn(FormData.prototype, 'append');
      mediaPart = (n) => {
        const [, file, name] = append.mock.calls.filter(([field]) => field === 'medias')[n] ?? [];
        return { name, type: (file as Blob | undefined)?.type, file: file as Blob | undefined };
      };
      recordsIn = ['audio/ogg'];
      // the browser's microphone and recorder: a recording in the first container asked for
      class FakeRecorder {
        state = 'inactive';
        mimeType: string;
        stream = { getTracks: () => [{ stop() {} }] };
        ondataavailable: ((e: { data: Blob }) => void) | null = null;
        onstop: (() => void) | null = null;
        static isTypeSupported = (type: string) => recordsIn.some((t) => type.startsWith(t));
        constructor(_stream: unknown, options?: { mimeType?: string }) {
          this.mimeType = options?.mimeType ?? 'audio/webm';
        }
        start() {
          this.state = 'recording';
        }
        stop() {
          this.state = 'inactive';
          const bytes = new Uint8Array(Math.round(seconds * 4000) + 1);
          this.ondataavailable?.({ data: new Blob([bytes], { type: this.mimeType }) });
          this.onstop?.();
        }
      }
      // Web Audio's decoder: `seconds` of a 440 Hz tone at 44.1 kHz
      class FakeAudioContext {
        decodeAudioData(data: ArrayBuffer) {
          decoded.push(new Blob([data]));
          const samples = new Float32Array(Math.round(44_100 * seconds));
          for (let i = 0; i < samples.length; i++)
            samples[i] = Math.sin((2 * Math.PI * 440 * i) / 44_100);
          return Promise.resolve({
            sampleRate: 44_100,
            numberOfChannels: 1,
            getChannelData: () => samples,
          });
        }
        close() {
          return Promise.resolve();
        }
      }
      vi.stubGlobal('MediaRecorder', FakeRecorder);
      vi.stubGlobal('AudioContext', FakeAudioContext);
      Object.defineProperty(navigator, 'mediaDevices', {
        configurable: true,
        value: { getUserMedia: () => Promise.resolve({ getTracks: () => [] }) },
      });
    });
    afterEach(() => {
      vi.unstubAllGlobals();
      vi.restoreAllMocks();
    });

    async function record(user: ReturnType<typeof userEvent.setup>) {
      await user.click(screen.getByRole('button', { name: 'Gravar áudio' }));
      await user.click(await screen.findByRole('button', { name: 'Enviar áudio' }));
    }

    it('sends an MP3 at 128 kbps on WhatsApp, discarding one under 10000 bytes', async () => {
      const user = userEvent.setup();
      await renderComposer();
      seconds = 0.3; // about 4800 bytes of MP3
      await record(user);
      await screen.findByRole('button', { name: 'Gravar áudio' });
      await new Promise((r) => setTimeout(r, 50));
      expect(sent).toHaveLength(0);

      seconds = 1.2;
      await record(user);
      await waitFor(() => expect(sent).toHaveLength(1), { timeout: 5000 });
      const form = sent[0] as FormData;
      expect(mediaPart(0).name).toMatch(/^audio-\d+\.mp3$/);
      expect(mediaPart(0).type).toBe('audio/mpeg');
      // an MPEG-1 Layer III frame header whose bit-rate index (9) is 128 kbps
      const head = new Uint8Array(await mediaPart(0).file!.arrayBuffer()).subarray(0, 3);
      expect([head[0], head[1]! & 0xfe, head[2]! >> 4]).toEqual([0xff, 0xfa, 9]);
      expect(mediaPart(0).file!.size).toBeGreaterThan(MIN_AUDIO_BYTES);
      expect(form.get('isPrivate')).toBe('false');
      expect(decoded).toHaveLength(2); // both recordings went through the MP3 encoder
    });

    it('sends an M4A off WhatsApp where the browser records one, else an MP3', async () => {
      const user = userEvent.setup();
      recordsIn = ['audio/mp4', 'audio/ogg'];
      await renderComposer(ticketFixture({ channel: 'facebook' }));
      seconds = 3;
      await record(user);
      await waitFor(() => expect(sent).toHaveLength(1));
      expect(mediaPart(0).name).toMatch(/^audio-\d+\.m4a$/);
      expect(mediaPart(0).type).toBe('audio/mp4');
      expect(decoded).toHaveLength(0); // kept as recorded

      recordsIn = ['audio/ogg'];
      seconds = 1.2;
      await record(user);
      await waitFor(() => expect(sent).toHaveLength(2), { timeout: 5000 });
      expect(mediaPart(1).name).toMatch(/^audio-\d+\.mp3$/);
      expect(mediaPart(1).type).toBe('audio/mpeg');
    });

    it('cancels a recording without sending it', async () => {
      const user = userEvent.setup();
      await renderComposer();
      seconds = 2;
      await user.click(screen.getByRole('button', { name: 'Gravar áudio' }));
      await user.click(await screen.findByRole('button', { name: 'Descartar gravação' }));
      await screen.findByRole('button', { name: 'Gravar áudio' });
      expect(sent).toHaveLength(0);
    });
  });
});

void server;
