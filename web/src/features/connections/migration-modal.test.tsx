/** @vitest-environment jsdom */
import type { WhatsappView } from '@atendo/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { Toaster } from '@/components/ui/sonner';
import { apiUrl, http, HttpResponse, startTestApi } from '@/test/api';
import { renderWithProviders } from '@/test/render';
import { MigrationModal } from './migration-modal';

const connection = (id: number, name: string): WhatsappView =>
  ({
    id,
    companyId: 2,
    name,
    channel: 'whatsapp',
    status: 'CONNECTED',
    isDefault: id === 1,
  }) as WhatsappView;
const connections = [connection(1, 'Antigo'), connection(2, 'Novo'), connection(3, 'Reserva')];

const row = (id: number, name: string, status: 'open' | 'pending', whatsappId: number) => ({
  id,
  status,
  whatsappId,
  lastMessage: `mensagem ${id}`,
  updatedAt: null,
  contact: { id: id + 100, name, number: null },
  user: null,
  queue: null,
});

const migrationId = '11111111-1111-4111-8111-111111111111';
let tickets: ReturnType<typeof row>[] = [];
let listed: URLSearchParams[] = [];
let started: unknown[] = [];

startTestApi(
  http.get(apiUrl('/tickets-migration/list'), ({ request }) => {
    const query = new URL(request.url).searchParams;
    listed.push(query);
    const rows = tickets.filter((tk) => tk.whatsappId === Number(query.get('whatsappId')));
    return HttpResponse.json({ tickets: rows, count: rows.length, hasMore: false });
  }),
  http.post(apiUrl('/tickets-migration'), async ({ request }) => {
    const body = (await request.json()) as { whatsappId: number; ticketIds: number[] };
    started.push(body);
    return HttpResponse.json({
      migrationId,
      whatsappId: body.whatsappId,
      total: body.ticketIds.length,
      migrated: 0,
      failed: 0,
      done: false,
    });
  }),
  http.get(apiUrl(`/tickets-migration/${migrationId}`), () => {
    // The platform moved the tickets: they are no longer on the source connection.
    tickets = tickets.map((tk) => (tk.id === 41 ? { ...tk, whatsappId: 2 } : tk));
    return HttpResponse.json({
      migrationId,
      whatsappId: 2,
      total: 1,
      migrated: 1,
      failed: 0,
      done: true,
    });
  }),
);

beforeEach(() => {
  tickets = [
    row(41, 'Carla Dias', 'open', 1),
    row(42, 'Pedro Alves', 'pending', 1),
    row(43, 'Outro', 'open', 3),
  ];
  listed = [];
  started = [];
});

function renderModal() {
  renderWithProviders(
    <>
      <MigrationModal open onClose={() => {}} connections={connections} />
      <Toaster />
    </>,
  );
  return screen.getByRole('dialog', { name: 'Migrar tickets' });
}

describe('MigrationModal', () => {
  it("lists the source connection's open and pending tickets and asks for what is missing", async () => {
    const user = userEvent.setup();
    const dialog = renderModal();
    await user.click(within(dialog).getByRole('button', { name: 'Migrar' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('Escolha a conexão de origem.');
    expect(listed).toEqual([]);

    await user.selectOptions(within(dialog).getByLabelText('Conexão de origem'), 'Antigo');
    expect(await within(dialog).findByText('Carla Dias')).toBeTruthy();
    expect(within(dialog).getByText('Pedro Alves')).toBeTruthy();
    expect(within(dialog).queryByText('Outro')).toBeNull();
    expect(within(dialog).getByText('Aberto')).toBeTruthy();
    expect(within(dialog).getByText('Pendente')).toBeTruthy();
    expect(listed[0]?.get('whatsappId')).toBe('1');
    expect(listed[0]?.get('status')).toBe('open,pending');
    // The source cannot be the target.
    const target = within(dialog).getByLabelText('Conexão de destino');
    expect(within(target).queryByRole('option', { name: 'Antigo' })).toBeNull();

    await user.click(within(dialog).getByRole('button', { name: 'Migrar' }));
    expect(within(dialog).getByRole('alert').textContent).toBe(
      'Escolha uma conexão de destino diferente da origem.',
    );
    await user.selectOptions(target, 'Novo');
    await user.click(within(dialog).getByRole('button', { name: 'Migrar' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('Selecione ao menos um ticket.');

    await user.click(within(dialog).getByLabelText('Selecionar todos'));
    expect(within(dialog).getByText('2 selecionado(s)')).toBeTruthy();
    expect(started).toEqual([]);
  });

  it('moves the selected tickets to the target connection and reports the result', async () => {
    const user = userEvent.setup();
    const dialog = renderModal();
    await user.selectOptions(within(dialog).getByLabelText('Conexão de origem'), 'Antigo');
    await within(dialog).findByText('Carla Dias');
    await user.selectOptions(within(dialog).getByLabelText('Conexão de destino'), 'Novo');
    await user.click(within(dialog).getByLabelText('Selecionar ticket 41'));
    expect(within(dialog).getByText('1 selecionado(s)')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Migrar' }));

    expect(
      await screen.findByText('Migração concluída! 1 tickets migrados com sucesso, 0 falharam'),
    ).toBeTruthy();
    expect(started).toEqual([{ whatsappId: 2, ticketIds: [41] }]);
    await waitFor(() => expect(within(dialog).queryByText('Carla Dias')).toBeNull());
    expect(within(dialog).getByText('Pedro Alves')).toBeTruthy();
    expect(within(dialog).getByText('0 selecionado(s)')).toBeTruthy();
  });
});
