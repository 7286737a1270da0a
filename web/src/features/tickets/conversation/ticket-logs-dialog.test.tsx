/** @vitest-environment jsdom */
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiUrl, http, HttpResponse, startTestApi } from '@/test/api';
import { renderWithProviders } from '@/test/render';
import { TicketLogsDialog } from './ticket-logs-dialog';

const UUID = '7f1c2a52-9d7e-4b0e-8a59-3c2f0d0b9e11';
const log = (id: number, type: string, minute: number) => ({
  id,
  type,
  ticketId: 5,
  userId: null,
  queueId: null,
  createdAt: `2026-11-20T12:${String(minute).padStart(2, '0')}:00.000Z`,
});

startTestApi(
  http.get(apiUrl(`/tickets-log/${UUID}`), () =>
    HttpResponse.json([
      log(3, 'autoClose', 40),
      log(1, 'create', 0),
      log(2, 'inactiveWarning', 30),
      log(4, 'lgpd', 50),
    ]),
  ),
);

describe('TicketLogsDialog', () => {
  it("names the timers' entries (inactivity warning, close for inactivity) and the LGPD answer, oldest first", async () => {
    renderWithProviders(<TicketLogsDialog open onOpenChange={() => {}} ticketUuid={UUID} />);
    const list = await screen.findByRole('list', { name: 'Logs do Ticket' });
    await within(list).findByText('Encerrado por inatividade');
    const names = within(list)
      .getAllByRole('listitem')
      .map((li) => li.querySelector('.font-medium')?.textContent);
    expect(names).toEqual([
      'Ticket criado',
      'Aviso de inatividade enviado',
      'Encerrado por inatividade',
      'Resposta LGPD',
    ]);
  });
});
