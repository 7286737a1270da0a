/** @vitest-environment jsdom */
import type { ScheduleView } from '@atendo/domain';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { addHours } from 'date-fns';
import { describe, expect, it } from 'vitest';
import { Toaster } from '@/components/ui/sonner';
import { apiUrl, http, HttpResponse, startTestApi } from '@/test/api';
import { renderWithProviders } from '@/test/render';
import { ScheduleModal } from './schedule-modal';
import { toLocalInput } from './schedule-form';

const server = startTestApi(
  http.get(apiUrl('/whatsapp'), () =>
    HttpResponse.json([{ id: 4, name: 'Comercial', channel: 'whatsapp', status: 'CONNECTED' }]),
  ),
  http.get(apiUrl('/users/list'), () => HttpResponse.json([{ id: 9, name: 'Bruno' }])),
  http.get(apiUrl('/queue'), () => HttpResponse.json([{ id: 2, name: 'Vendas', color: '#f00' }])),
);

function schedule(overrides: Partial<ScheduleView> = {}): ScheduleView {
  return {
    id: 5,
    body: 'Olá {{firstName}}',
    sendAt: '2026-12-01T13:00:00.000Z',
    sentAt: null,
    contactId: 31,
    whatsappId: 4,
    userId: 7,
    ticketUserId: null,
    queueId: null,
    openTicket: 'disabled',
    statusTicket: 'closed',
    assinar: false,
    intervalo: 1,
    valorIntervalo: 0,
    enviarQuantasVezes: 1,
    tipoDias: 4,
    mediaPath: null,
    mediaName: null,
    mediaUrl: null,
    status: 'PENDENTE',
    sentCount: 0,
    lastError: null,
    ticketId: null,
    contact: { id: 31, name: 'Maria Souza' },
    user: null,
    ticketUser: null,
    queue: null,
    whatsapp: null,
    createdAt: null,
    updatedAt: null,
    ...overrides,
  };
}

function renderModal(record: ScheduleView | null, route = '/contacts') {
  if (record)
    server.use(http.get(apiUrl(`/schedules/${record.id}`), () => HttpResponse.json(record)));
  let closed = 0;
  renderWithProviders(
    <>
      <ScheduleModal open scheduleId={record?.id ?? null} onClose={() => closed++} />
      <Toaster />
    </>,
    { route },
  );
  return { closed: () => closed };
}

const attachButton = () => screen.queryByRole('button', { name: 'Anexar arquivo' });
const settingsTab = () => screen.getByRole('tab', { name: 'Configurações' });

describe('ScheduleModal', () => {
  it('starts a new schedule an hour from now, once, in days, sent normally on non-business days', async () => {
    const user = userEvent.setup();
    const before = toLocalInput(addHours(new Date(), 1));
    renderModal(null);
    expect(screen.getByRole('heading', { name: 'Novo agendamento' })).toBeTruthy();
    const sendAt = (screen.getByLabelText('Data e hora do envio') as HTMLInputElement).value;
    expect([before, toLocalInput(addHours(new Date(), 1))]).toContain(sendAt);
    expect(attachButton()).toBeTruthy();
    expect(screen.getByText('{{firstName}}')).toBeTruthy();

    await user.click(settingsTab());
    const selected = (label: string) => {
      const select = screen.getByLabelText(label) as HTMLSelectElement;
      return select.options[select.selectedIndex]?.text;
    };
    expect(selected('Repetir a cada')).toBe('Dias');
    expect(selected('Em dias não úteis (sábado, domingo)')).toBe('Enviar normalmente');
    expect((screen.getByLabelText('Enviar quantas vezes') as HTMLInputElement).value).toBe('1');
    expect((screen.getByLabelText('Intervalo (quantidade)') as HTMLInputElement).value).toBe('0');
    expect((screen.getByLabelText('Abrir ticket ao enviar') as HTMLInputElement).checked).toBe(
      false,
    );
    expect(screen.getByLabelText('Status do ticket').matches(':disabled')).toBe(true);
    await user.click(screen.getByLabelText('Abrir ticket ao enviar'));
    expect(screen.getByLabelText('Status do ticket').matches(':disabled')).toBe(false);
  });

  it('requires a contact, then creates the schedule, uploads its file and lands on /schedules', async () => {
    const user = userEvent.setup();
    let posted: Record<string, unknown> | undefined;
    let uploaded: FormData | undefined;
    server.use(
      http.get(apiUrl('/contacts'), ({ request }) => {
        const search = new URL(request.url).searchParams.get('searchParam');
        return HttpResponse.json({
          contacts:
            search === 'mar' ? [{ id: 31, name: 'Maria Souza', number: '5511988887777' }] : [],
          count: 1,
          hasMore: false,
        });
      }),
      http.post(apiUrl('/schedules'), async ({ request }) => {
        posted = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json(schedule({ id: 12 }), { status: 201 });
      }),
      http.post(apiUrl('/schedules/12/media-upload'), async ({ request }) => {
        uploaded = await request.formData();
        return HttpResponse.json(schedule({ id: 12, mediaName: 'tabela.pdf' }));
      }),
    );
    const modal = renderModal(null);
    await user.type(screen.getByLabelText('Mensagem', { selector: 'textarea' }), 'Olá ');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Escolha um contato.')).toBeTruthy();
    expect(posted).toBeUndefined();

    await user.type(screen.getByLabelText('Contato'), 'mar');
    await user.click(
      await screen.findByRole('option', { name: 'Maria Souza (+55 (11) 98888-7777)' }),
    );
    await user.click(screen.getByRole('button', { name: '{{firstName}}' }));
    await user.clear(screen.getByLabelText('Data e hora do envio'));
    await user.type(screen.getByLabelText('Data e hora do envio'), '2026-12-24T09:30');
    await user.upload(
      screen.getByLabelText('Anexar arquivo', { selector: 'input' }),
      new File(['%PDF-1.4'], 'tabela.pdf', { type: 'application/pdf' }),
    );
    expect(screen.getByText('tabela.pdf')).toBeTruthy();
    // A file is chosen: no second attach button.
    expect(attachButton()).toBeNull();

    await user.click(settingsTab());
    await user.selectOptions(screen.getByLabelText('Conexão'), 'Comercial');
    await user.selectOptions(screen.getByLabelText('Repetir a cada'), 'Semanas');
    await user.clear(screen.getByLabelText('Enviar quantas vezes'));
    await user.type(screen.getByLabelText('Enviar quantas vezes'), '3');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    // Three sends need a step.
    expect(
      await screen.findByText('Informe o intervalo para enviar mais de uma vez.'),
    ).toBeTruthy();
    expect(posted).toBeUndefined();
    await user.clear(screen.getByLabelText('Intervalo (quantidade)'));
    await user.type(screen.getByLabelText('Intervalo (quantidade)'), '2');
    await user.selectOptions(
      screen.getByLabelText('Em dias não úteis (sábado, domingo)'),
      'Enviar um dia útil antes',
    );
    await user.click(screen.getByRole('button', { name: 'Salvar' }));

    await waitFor(() => expect(modal.closed()).toBe(1));
    expect(posted).toEqual({
      contactId: 31,
      body: 'Olá {{firstName}}',
      sendAt: new Date(2026, 11, 24, 9, 30).toISOString(),
      whatsappId: 4,
      openTicket: 'disabled',
      statusTicket: 'closed',
      ticketUserId: null,
      queueId: null,
      assinar: false,
      intervalo: 2,
      valorIntervalo: 2,
      enviarQuantasVezes: 3,
      tipoDias: 5,
    });
    expect((uploaded?.get('file') as File).size).toBeGreaterThan(0);
    expect(await screen.findByText('Agendamento salvo.')).toBeTruthy();
    await waitFor(() => expect(screen.getByLabelText('location').textContent).toBe('/schedules'));
  }, 40_000);

  it('shows a sent schedule read-only: no save, no attach, fields disabled, tabs still open', async () => {
    const user = userEvent.setup();
    renderModal(
      schedule({ status: 'ENVIADA', sentAt: '2026-12-01T13:00:05.000Z', mediaName: null }),
    );
    expect(await screen.findByRole('heading', { name: 'Agendamento Enviada' })).toBeTruthy();
    expect(screen.getByLabelText('Mensagem', { selector: 'textarea' }).matches(':disabled')).toBe(
      true,
    );
    expect(screen.getByLabelText('Data e hora do envio').matches(':disabled')).toBe(true);
    expect(screen.queryByRole('button', { name: 'Salvar' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Trocar' })).toBeNull();
    expect(attachButton()).toBeNull();
    await user.click(settingsTab());
    expect(screen.getByLabelText('Conexão').matches(':disabled')).toBe(true);
  });

  it("titles a failed schedule 'Erro de Envio' with its reason, and others by their status", async () => {
    renderModal(schedule({ status: 'ERRO', lastError: 'Número não está no WhatsApp' }));
    expect(await screen.findByRole('heading', { name: 'Erro de Envio' })).toBeTruthy();
    expect(screen.getByText('Motivo: Número não está no WhatsApp')).toBeTruthy();
    // Not sent: still editable.
    expect(screen.getByRole('button', { name: 'Salvar' })).toBeTruthy();
  });

  it('shows a stored attachment instead of the attach button until it is removed; refuses other file types', async () => {
    const user = userEvent.setup({ applyAccept: false });
    renderModal(schedule({ status: 'AGENDADA', mediaPath: 'abc.pdf', mediaName: 'boleto.pdf' }));
    expect(await screen.findByRole('heading', { name: 'Agendamento Agendada' })).toBeTruthy();
    expect(screen.getByText('boleto.pdf')).toBeTruthy();
    expect(attachButton()).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Remover anexo' }));
    expect(screen.queryByText('boleto.pdf')).toBeNull();
    expect(attachButton()).toBeTruthy();
    await user.upload(
      screen.getByLabelText('Anexar arquivo', { selector: 'input' }),
      new File(['x'], 'notas.txt', { type: 'text/plain' }),
    );
    expect(await screen.findByText(/Tipo de arquivo não permitido/)).toBeTruthy();
    expect(attachButton()).toBeTruthy();
  });
});
