/** @vitest-environment jsdom */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { http, HttpResponse, apiUrl, startTestApi } from '@/test/api';
import { renderWithProviders } from '@/test/render';
import { ConnectionStatus, StatusActions } from './status-actions';

const server = startTestApi();

/** Records the session calls (method and path) the buttons make. */
function sessionApi() {
  const calls: string[] = [];
  const answer = ({ request }: { request: Request }) => {
    calls.push(`${request.method} ${new URL(request.url).pathname}`);
    return HttpResponse.json({ message: 'ok' });
  };
  server.use(
    http.post(apiUrl('/whatsappsession/5'), answer),
    http.put(apiUrl('/whatsappsession/5'), answer),
    http.delete(apiUrl('/whatsappsession/5'), answer),
  );
  return calls;
}

function renderActions(status: string) {
  const shown: number[] = [];
  renderWithProviders(
    <StatusActions
      connection={{ id: 5, name: 'Loja', status }}
      onShowQr={(id) => shown.push(id)}
    />,
  );
  return shown;
}

const buttonNames = () => screen.queryAllByRole('button').map((b) => b.textContent);

describe('StatusActions (docs/product/connections.md#connection-status connection status actions)', () => {
  it('DISCONNECTED: try again starts the session, new QR asks for one', async () => {
    const user = userEvent.setup();
    const calls = sessionApi();
    renderActions('DISCONNECTED');
    expect(buttonNames()).toEqual(['Tentar novamente', 'Novo QR CODE']);
    await user.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    await waitFor(() => expect(calls).toEqual(['POST /whatsappsession/5']));
    await user.click(screen.getByRole('button', { name: 'Novo QR CODE' }));
    await waitFor(() =>
      expect(calls).toEqual(['POST /whatsappsession/5', 'PUT /whatsappsession/5']),
    );
  });

  it('qrcode: one QR action that opens the QR modal', async () => {
    const user = userEvent.setup();
    const shown = renderActions('qrcode');
    expect(buttonNames()).toEqual(['QR CODE']);
    await user.click(screen.getByRole('button', { name: 'QR CODE' }));
    expect(shown).toEqual([5]);
  });

  it.each(['CONNECTED', 'PAIRING', 'TIMEOUT'])(
    '%s: disconnect, after a confirmation',
    async (status) => {
      const user = userEvent.setup();
      const calls = sessionApi();
      renderActions(status);
      expect(buttonNames()).toEqual(['Desconectar']);
      await user.click(screen.getByRole('button', { name: 'Desconectar' }));
      expect(calls).toEqual([]);
      const dialog = await screen.findByRole('dialog', { name: 'Desconectar Loja?' });
      await user.click(
        [...dialog.querySelectorAll('button')].find((b) => b.textContent === 'Desconectar')!,
      );
      await waitFor(() => expect(calls).toEqual(['DELETE /whatsappsession/5']));
    },
  );

  it('OPENING: a disabled connecting button only', () => {
    renderActions('OPENING');
    expect(buttonNames()).toEqual(['Conectando']);
    expect(screen.getByRole('button', { name: 'Conectando' })).toHaveProperty('disabled', true);
  });
});

describe('ConnectionStatus', () => {
  it('says what the admin must do when WhatsApp ended the session for good', () => {
    renderWithProviders(<ConnectionStatus status="DISCONNECTED" reason="replaced" />);
    expect(screen.getByRole('note').textContent).toMatch(/aberta em outro lugar/);
  });

  it('says nothing more without a reason, or once the connection is back', () => {
    renderWithProviders(
      <>
        <ConnectionStatus status="DISCONNECTED" reason={null} />
        <ConnectionStatus status="CONNECTED" reason="banned" />
      </>,
    );
    expect(screen.queryByRole('note')).toBeNull();
  });
});
