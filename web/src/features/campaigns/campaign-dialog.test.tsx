/** @vitest-environment jsdom */
import type { CampaignDetailView } from '@atendo/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Toaster } from '@/components/ui/sonner';
import { apiUrl, http, HttpResponse, startTestApi } from '@/test/api';
import { renderWithProviders } from '@/test/render';
import { CampaignDialog } from './campaign-dialog';

const userSearches: string[] = [];

const server = startTestApi(
  http.get(apiUrl('/contact-lists/list'), () =>
    HttpResponse.json([
      { id: 3, name: 'Clientes VIP', contactsCount: 2, validContactsCount: 2, createdAt: null },
    ]),
  ),
  http.get(apiUrl('/tags/list'), () =>
    HttpResponse.json([{ id: 6, name: 'Leads', color: '#f00', kanban: 0 }]),
  ),
  http.get(apiUrl('/whatsapp'), () =>
    HttpResponse.json([{ id: 5, companyId: 2, name: 'Loja', channel: 'whatsapp' }]),
  ),
  http.get(apiUrl('/queue'), () =>
    HttpResponse.json([
      { id: 8, name: 'Vendas', color: '#00f' },
      { id: 9, name: 'Suporte', color: '#0f0' },
    ]),
  ),
  http.get(apiUrl('/campaign-settings'), () =>
    HttpResponse.json([{ key: 'variables', value: '[{"key":"cupom","value":"DESC10"}]' }]),
  ),
  http.get(apiUrl('/users'), ({ request }) => {
    const searchParam = new URL(request.url).searchParams.get('searchParam') ?? '';
    userSearches.push(searchParam);
    return HttpResponse.json({
      users: [{ id: 11, companyId: 2, name: 'Marina Souza', email: 'm@x.test', profile: 'user' }],
      count: 1,
      hasMore: false,
    });
  }),
);

const HOUR = 60 * 60 * 1000;

function campaign(overrides: Partial<CampaignDetailView> = {}): CampaignDetailView {
  return {
    id: 21,
    name: 'Black Friday',
    status: 'INATIVA',
    message1: 'Olá {nome}',
    message2: null,
    message3: null,
    message4: null,
    message5: null,
    confirmationMessage1: null,
    confirmationMessage2: null,
    confirmationMessage3: null,
    confirmationMessage4: null,
    confirmationMessage5: null,
    confirmation: false,
    scheduledAt: null,
    completedAt: null,
    contactListId: 3,
    tagListId: null,
    whatsappId: 5,
    userId: null,
    queueId: null,
    openTicket: 'disabled',
    statusTicket: 'closed',
    mediaPath: null,
    mediaName: null,
    mediaUrl: null,
    editable: true,
    contactList: { id: 3, name: 'Clientes VIP' },
    tagList: null,
    whatsapp: { id: 5, name: 'Loja' },
    user: null,
    queue: null,
    createdAt: null,
    updatedAt: null,
    report: { validContacts: 2, delivered: 0, confirmationRequested: 0, confirmed: 0 },
    ...overrides,
  };
}

function renderDialog(campaignId: number | null = null) {
  let closed = 0;
  const { unmount } = renderWithProviders(
    <>
      <CampaignDialog open campaignId={campaignId} onClose={() => closed++} />
      <Toaster />
    </>,
  );
  return { closed: () => closed, unmount };
}

/** Disabled by its own attribute or a disabled fieldset around it. */
const disabled = (el: Element) => el.matches(':disabled');

const serveCampaign = (c: CampaignDetailView) =>
  server.use(http.get(apiUrl(`/campaigns/${c.id}`), () => HttpResponse.json(c)));

describe('CampaignDialog', () => {
  it('creates a campaign: user and queue follow open-ticket, users are searched from the 3rd letter, a user needs a queue', async () => {
    const ui = userEvent.setup();
    const bodies: Record<string, unknown>[] = [];
    server.use(
      http.post(apiUrl('/campaigns'), async ({ request }) => {
        bodies.push((await request.json()) as Record<string, unknown>);
        return HttpResponse.json({ ...campaign({ id: 30 }) }, { status: 201 });
      }),
    );
    const dialog = renderDialog();
    const queue = await screen.findByLabelText('Fila');
    const userBox = screen.getByRole('combobox', { name: 'Usuário' });
    expect(disabled(queue)).toBe(true);
    expect(disabled(userBox)).toBe(true);
    expect(disabled(screen.getByLabelText('Status do ticket'))).toBe(true);

    await ui.type(screen.getByLabelText('Nome'), 'Natal');
    await ui.selectOptions(screen.getByLabelText('Conexão'), 'Loja');
    // A contact list or a tag, not both: choosing the list clears the tag.
    await ui.selectOptions(screen.getByLabelText('Lista de tags'), 'Leads');
    await ui.selectOptions(screen.getByLabelText('Lista de contatos'), 'Clientes VIP');
    expect(screen.getByLabelText('Lista de tags')).toHaveProperty('value', '');
    await ui.selectOptions(screen.getByLabelText('Abrir ticket'), 'enabled');
    expect(disabled(queue)).toBe(false);
    expect(disabled(screen.getByRole('combobox', { name: 'Usuário' }))).toBe(false);

    await ui.type(userBox, 'Ma');
    expect(screen.queryByRole('listbox')).toBeNull();
    await ui.type(userBox, 'r');
    await ui.click(await screen.findByRole('option', { name: 'Marina Souza' }));
    expect(userSearches).toEqual(['Mar']);

    await ui.type(screen.getByLabelText('Mensagem 1'), 'Oi ');
    await ui.click(screen.getByRole('button', { name: '{nome}' }));
    expect(screen.getByRole('button', { name: '{cupom}' })).toBeTruthy();

    await ui.click(screen.getByRole('button', { name: 'Adicionar' }));
    expect(await screen.findByText('Informe a fila quando um usuário é escolhido')).toBeTruthy();
    expect(bodies).toHaveLength(0);

    await ui.selectOptions(queue, 'Suporte');
    await ui.click(screen.getByRole('button', { name: 'Adicionar' }));
    await waitFor(() => expect(dialog.closed()).toBe(1));
    expect(bodies[0]).toMatchObject({
      name: 'Natal',
      whatsappId: 5,
      contactListId: 3,
      tagListId: null,
      openTicket: 'enabled',
      userId: 11,
      queueId: 9,
      message1: 'Oi {nome}',
      message2: null,
      confirmation: false,
      scheduledAt: null,
    });
    expect(await screen.findByText('Campanha salva com sucesso.')).toBeTruthy();
  });

  it('edits a scheduled campaign more than 1 hour ahead, but shows one within the hour read-only with cancel', async () => {
    const ui = userEvent.setup();
    serveCampaign(
      campaign({
        status: 'PROGRAMADA',
        scheduledAt: new Date(Date.now() + 2 * HOUR).toISOString(),
      }),
    );
    const first = renderDialog(21);
    expect(disabled(await screen.findByDisplayValue('Black Friday'))).toBe(false);
    expect(screen.getByRole('button', { name: 'Salvar' })).toBeTruthy();
    expect(screen.queryByRole('note')).toBeNull();
    first.unmount();

    let cancels = 0;
    serveCampaign(
      campaign({
        status: 'PROGRAMADA',
        scheduledAt: new Date(Date.now() + HOUR / 2).toISOString(),
      }),
    );
    server.use(
      http.post(apiUrl('/campaigns/21/cancel'), () => {
        cancels++;
        return HttpResponse.json(campaign({ status: 'CANCELADA' }));
      }),
    );
    renderDialog(21);
    const name = await screen.findByDisplayValue('Black Friday');
    expect(disabled(name)).toBe(true);
    expect(screen.getByRole('note').textContent).toMatch(/não pode mais ser editada/);
    expect(disabled(screen.getByLabelText('Mensagem 1'))).toBe(true);
    expect(screen.queryByRole('button', { name: 'Salvar' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Anexar arquivo' })).toHaveProperty('disabled', true);
    await ui.click(screen.getByRole('button', { name: 'Cancelar campanha' }));
    expect(await screen.findByText('Campanha cancelada.')).toBeTruthy();
    expect(cancels).toBe(1);
    // Cancelled: editable again, and restartable.
    expect(await screen.findByRole('button', { name: 'Reiniciar campanha' })).toBeTruthy();
    expect(disabled(screen.getByDisplayValue('Black Friday'))).toBe(false);
  });

  it('shows a finished campaign read-only, and a failed restart as an error toast', async () => {
    const ui = userEvent.setup();
    serveCampaign(campaign({ status: 'FINALIZADA', completedAt: new Date().toISOString() }));
    const finished = renderDialog(21);
    expect(disabled(await screen.findByDisplayValue('Black Friday'))).toBe(true);
    expect(screen.queryByRole('button', { name: 'Cancelar campanha' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Reiniciar campanha' })).toBeNull();
    finished.unmount();

    serveCampaign(campaign({ status: 'CANCELADA' }));
    server.use(
      http.post(apiUrl('/campaigns/21/restart'), () =>
        HttpResponse.json({ error: 'ERR_TEST_RESTART_REFUSED' }, { status: 409 }),
      ),
    );
    renderDialog(21);
    await ui.click(await screen.findByRole('button', { name: 'Reiniciar campanha' }));
    expect(await screen.findByText('ERR_TEST_RESTART_REFUSED')).toBeTruthy();
  });

  it('uploads a chosen attachment after saving, and removes a stored one at once', async () => {
    const ui = userEvent.setup();
    serveCampaign(campaign({ mediaName: 'antigo.pdf', mediaPath: 'x.pdf' }));
    const uploads: number[] = [];
    let removed = 0;
    server.use(
      http.delete(apiUrl('/campaigns/21/media-upload'), () => {
        removed++;
        return HttpResponse.json(campaign({ mediaName: null, mediaPath: null }));
      }),
      http.put(apiUrl('/campaigns/21'), () => HttpResponse.json(campaign())),
      http.post(apiUrl('/campaigns/21/media-upload'), async ({ request }) => {
        const file = (await request.formData()).get('file') as File;
        uploads.push(file.size);
        return HttpResponse.json(campaign({ mediaName: 'promo.pdf' }));
      }),
    );
    const dialog = renderDialog(21);
    await ui.click(await screen.findByRole('button', { name: 'Remover anexo antigo.pdf' }));
    expect(await screen.findByText('Anexo removido.')).toBeTruthy();
    expect(removed).toBe(1);
    await waitFor(() => expect(screen.queryByText('antigo.pdf')).toBeNull());

    await ui.upload(
      screen.getByLabelText('Anexar arquivo', { selector: 'input' }),
      new File(['%PDF'], 'promo.pdf', { type: 'application/pdf' }),
    );
    expect(within(document.body).getByText('promo.pdf')).toBeTruthy();
    await ui.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(dialog.closed()).toBe(1));
    expect(uploads).toHaveLength(1);
    expect(uploads[0]).toBeGreaterThan(0);
  });
});
