/** @vitest-environment jsdom */
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { messageFixture } from '../test-fixtures';
import { canEditMessage, MessageBubble } from './message-bubble';

function renderMessage(overrides: Parameters<typeof messageFixture>[0]) {
  const message = messageFixture(overrides);
  const { container } = renderWithProviders(<MessageBubble message={message} />);
  return container.querySelector(`[data-message-id="${message.id}"]`) as HTMLElement;
}

describe('MessageBubble', () => {
  it("marks an own deleted message 'Essa mensagem foi apagada'", () => {
    const el = renderMessage({ fromMe: true, isDeleted: true, body: 'segredo' });
    expect(within(el).getByText('Essa mensagem foi apagada')).toBeTruthy();
    expect(within(el).queryByText('segredo')).toBeNull();
  });

  it("marks the contact's deleted message as deleted by the contact", () => {
    const el = renderMessage({ fromMe: false, isDeleted: true });
    expect(within(el).getByText(/apagada pelo contato/)).toBeTruthy();
    expect(within(el).queryByText('Essa mensagem foi apagada')).toBeNull();
  });

  it('shows the edited and forwarded marks and WhatsApp bold', () => {
    const el = renderMessage({ isEdited: true, isForwarded: true, body: 'oi *mundo* _tudo_' });
    expect(within(el).getByText('Editada')).toBeTruthy();
    expect(within(el).getByText('Encaminhada')).toBeTruthy();
    expect(within(el).getByText('mundo').tagName).toBe('STRONG');
    expect(within(el).getByText('tudo').tagName).toBe('EM');
  });

  it.each([
    [0, 'Enviando'],
    [1, 'Enviada'],
    [2, 'Entregue'],
    [3, 'Lida'],
    [4, 'Lida'],
    [5, 'Concluída'],
  ])('shows ack %i as %s on own messages', (ack, label) => {
    const el = renderMessage({ ack });
    expect(within(el).getByRole('img', { name: label })).toBeTruthy();
  });

  it("shows no ack on the contact's messages and styles private ones apart", () => {
    const el = renderMessage({ fromMe: false, ack: 3 });
    expect(within(el).queryByRole('img', { name: 'Lida' })).toBeNull();
    const note = renderMessage({ id: 101, isPrivate: true });
    expect(within(note).getByText('Mensagem Privada')).toBeTruthy();
    expect(note.querySelector('[data-private]')).not.toBeNull();
  });

  it('lets own text messages be edited for 15 minutes only', () => {
    const sent = new Date('2026-01-10T12:00:00Z');
    const message = messageFixture({ createdAt: sent.toISOString() });
    expect(canEditMessage(message, sent.getTime() + 14 * 60_000)).toBe(true);
    expect(canEditMessage(message, sent.getTime() + 16 * 60_000)).toBe(false);
    expect(canEditMessage({ ...message, fromMe: false }, sent.getTime())).toBe(false);
  });

  it('renders contact and location cards', () => {
    renderMessage({
      mediaType: 'contactMessage',
      vCard:
        'BEGIN:VCARD\nVERSION:3.0\nFN:João\nTEL;type=CELL;waid=5511999990000:+55 11 99999-0000\nEND:VCARD',
    });
    expect(screen.getByText('João')).toBeTruthy();
    expect(screen.getByText('+55 (11) 99999-0000')).toBeTruthy();
    renderMessage({ id: 102, mediaType: 'locationMessage', body: '-23.55,-46.63' });
    const link = screen.getByText('Localização').closest('a')!;
    expect(link.getAttribute('href')).toContain('-23.55,-46.63');
  });
});
