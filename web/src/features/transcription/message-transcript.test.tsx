/** @vitest-environment jsdom */
import type { ChatMessageView } from '@atendo/domain';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { DropdownMenu, DropdownMenuContent } from '@/components/ui/dropdown-menu';
import { Toaster } from '@/components/ui/sonner';
import { http, HttpResponse, apiUrl, startTestApi } from '@/test/api';
import { renderWithProviders } from '@/test/render';
import { canTranscribe, MessageTranscript, TranscribeMenuItem } from './message-transcript';

const server = startTestApi();

const audio = {
  id: 31,
  ticketId: 5,
  fromMe: false,
  isDeleted: false,
  mediaType: 'audio',
  mediaUrl: '/private/2/0123456789abcdef0123456789abcdef.ogg',
} as ChatMessageView;

function renderMessage() {
  renderWithProviders(
    <>
      <DropdownMenu open>
        <DropdownMenuContent>
          <TranscribeMenuItem message={audio} />
        </DropdownMenuContent>
      </DropdownMenu>
      <MessageTranscript messageId={audio.id} />
      <Toaster />
    </>,
  );
}

describe('Transcrever', () => {
  it('is offered on audio messages, in groups only on the others', () => {
    expect(canTranscribe(audio)).toBe(true);
    expect(canTranscribe({ ...audio, mediaType: 'image' } as ChatMessageView)).toBe(false);
    expect(canTranscribe({ ...audio, fromMe: true } as ChatMessageView, true)).toBe(false);
    expect(canTranscribe({ ...audio, isDeleted: true } as ChatMessageView)).toBe(false);
  });

  it('asks the api for the text and shows it under the message', async () => {
    const user = userEvent.setup();
    let sent: unknown;
    server.use(
      http.post(apiUrl('/transcription/5'), async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json({ messageId: 31, text: 'Bom dia, tudo bem?' });
      }),
    );
    renderMessage();
    await user.click(await screen.findByRole('menuitem', { name: 'Transcrever' }));
    expect(await screen.findByText('Bom dia, tudo bem?')).toBeTruthy();
    expect(sent).toEqual({ mediaUrl: audio.mediaUrl, quotedMsg: { id: 31 } });
  });

  it("shows the server's code as a toast", async () => {
    const user = userEvent.setup();
    server.use(
      http.post(apiUrl('/transcription/5'), () =>
        HttpResponse.json({ error: 'ERR_TRANSCRIPTION_NOT_CONFIGURED' }, { status: 400 }),
      ),
    );
    renderMessage();
    await user.click(await screen.findByRole('menuitem', { name: 'Transcrever' }));
    expect(
      await screen.findByText(
        'Nenhum serviço de transcrição configurado: escolha OpenAI ou Groq nas configurações.',
      ),
    ).toBeTruthy();
  });
});
