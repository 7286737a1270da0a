/** @vitest-environment jsdom */
import type { WhatsappView } from '@atendo/domain';
import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { applySocketEvent } from '@/lib/realtime/socket-cache';
import { http, HttpResponse, apiUrl, startTestApi } from '@/test/api';
import { renderWithProviders } from '@/test/render';
import { QrModal } from './qr-modal';
import { connectionSessionSocketBinding } from './realtime';

const connection = {
  id: 5,
  companyId: 2,
  name: 'Loja',
  channel: 'whatsapp',
  status: 'qrcode',
  isDefault: true,
  qrcode: '2@first-qr-code',
  retries: 1,
  createdAt: null,
  updatedAt: '2026-01-02T10:00:00.000Z',
} as WhatsappView;

startTestApi(http.get(apiUrl('/whatsapp'), () => HttpResponse.json([connection])));

describe('QrModal', () => {
  it('shows the QR code, follows a new one, and closes when a session update clears it', async () => {
    let closed = 0;
    const { client } = renderWithProviders(<QrModal whatsappId={5} onClose={() => closed++} />);
    const qr = await screen.findByRole('img', { name: 'Leia o QR Code para iniciar a sessão' });
    expect(qr.tagName.toLowerCase()).toBe('svg');
    expect(screen.getByText('Tentativas: 1')).toBeTruthy();

    // The session update arrives through the binding the shell listens with.
    const push = (session: Partial<WhatsappView>) =>
      act(() => {
        applySocketEvent(
          connectionSessionSocketBinding,
          { action: 'update', session: { ...connection, ...session } },
          { client, companyId: 2, userId: 7 },
        );
      });
    push({ qrcode: '2@second-qr-code', retries: 2 });
    expect(await screen.findByText('Tentativas: 2')).toBeTruthy();
    expect(closed).toBe(0);

    push({ status: 'CONNECTED', qrcode: '', retries: 0 });
    await waitFor(() => expect(closed).toBe(1));
  });
});
