/** @vitest-environment jsdom */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Toaster } from '@/components/ui/sonner';
import { apiUrl, http, HttpResponse, startTestApi } from '@/test/api';
import { renderWithProviders } from '@/test/render';
import { ContactModal } from './contact-modal';

const server = startTestApi();

const contact = {
  id: 5,
  companyId: 2,
  name: 'Maria Souza',
  number: '5511987654321',
  email: 'maria@cliente.io',
  profilePicUrl: null,
  urlPicture: null,
  isGroup: false,
  disableBot: false,
  acceptAudioMessage: true,
  active: true,
  channel: 'whatsapp',
  lgpdAcceptedAt: null,
  whatsappId: null,
  whatsapp: null,
  tags: [],
  extraInfo: [
    { id: 1, name: 'CPF', value: '123' },
    { id: 2, name: 'Empresa', value: 'ACME' },
  ],
  createdAt: null,
  updatedAt: null,
};

function renderModal(contactId: number | null, onClose = vi.fn()) {
  renderWithProviders(
    <>
      <ContactModal open contactId={contactId} onClose={onClose} />
      <Toaster />
    </>,
  );
  return onClose;
}

describe('ContactModal', () => {
  it('shows the docs/product/contacts.md#validation messages and calls nothing while invalid', async () => {
    const user = userEvent.setup();
    let calls = 0;
    server.use(http.post(apiUrl('/contacts'), () => void calls++));
    renderModal(null);
    await user.type(screen.getByLabelText('Nome'), 'A');
    await user.type(screen.getByLabelText('Número do WhatsApp'), '11 9876-5432');
    await user.type(screen.getByLabelText('Email'), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Muito curto!')).toBeTruthy();
    expect(screen.getByText('Invalid number format. Only numbers are allowed.')).toBeTruthy();
    expect(screen.getByText('Email inválido')).toBeTruthy();
    expect(calls).toBe(0);

    await user.clear(screen.getByLabelText('Número do WhatsApp'));
    await user.type(screen.getByLabelText('Número do WhatsApp'), '1234567');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() =>
      expect(screen.getByText('Invalid number format. Only numbers are allowed.')).toBeTruthy(),
    );
    expect(calls).toBe(0);
  });

  it('creates a contact and closes; a duplicate shows the translated error', async () => {
    const user = userEvent.setup();
    const bodies: unknown[] = [];
    server.use(
      http.post(apiUrl('/contacts'), async ({ request }) => {
        bodies.push(await request.json());
        return bodies.length === 1
          ? HttpResponse.json({ ...contact, extraInfo: [] })
          : HttpResponse.json({ error: 'ERR_DUPLICATED_CONTACT' }, { status: 409 });
      }),
    );
    const onClose = renderModal(null);
    await user.type(screen.getByLabelText('Nome'), 'Maria Souza');
    await user.type(screen.getByLabelText('Número do WhatsApp'), '5511987654321');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Contato salvo com sucesso!')).toBeTruthy();
    expect(bodies[0]).toEqual({
      name: 'Maria Souza',
      number: '5511987654321',
      email: '',
      disableBot: false,
      extraInfo: [],
    });
    expect(onClose).toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Já existe um contato com este número.')).toBeTruthy();
  });

  it('edits a contact and sends its extra info list whole', async () => {
    const user = userEvent.setup();
    let sent: { extraInfo?: unknown } | undefined;
    server.use(
      http.get(apiUrl('/contacts/5'), () => HttpResponse.json(contact)),
      http.put(apiUrl('/contacts/5'), async ({ request }) => {
        sent = (await request.json()) as typeof sent;
        return HttpResponse.json(contact);
      }),
    );
    renderModal(5);
    expect(await screen.findByDisplayValue('Maria Souza')).toBeTruthy();
    expect(screen.getByDisplayValue('ACME')).toBeTruthy();
    await user.click(screen.getAllByRole('button', { name: 'Remover informação' })[1]!);
    await user.click(screen.getByRole('button', { name: 'Adicionar informação' }));
    await user.type(screen.getByLabelText('Nome do campo 2'), 'Cidade');
    await user.type(screen.getByLabelText('Valor 2'), 'São Paulo');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(sent).toBeDefined());
    expect(sent?.extraInfo).toEqual([
      { id: 1, name: 'CPF', value: '123' },
      { name: 'Cidade', value: 'São Paulo' },
    ]);
  });

  it("edits the contact's tags and syncs them only when the contact is saved", async () => {
    const user = userEvent.setup();
    const calls: { path: string; body: unknown }[] = [];
    const tag = (id: number, name: string) => ({
      id,
      name,
      color: '#123456',
      kanban: 0,
      userId: null,
      createdAt: null,
      updatedAt: null,
    });
    const tagged = { ...contact, tags: [{ id: 1, name: 'Cliente', color: '#123456' }] };
    server.use(
      http.get(apiUrl('/contacts/5'), () => HttpResponse.json(tagged)),
      http.get(apiUrl('/tags/list'), () =>
        HttpResponse.json([tag(1, 'Cliente'), tag(2, 'VIP'), tag(3, 'Inadimplente')]),
      ),
      http.put(apiUrl('/contacts/5'), async ({ request }) => {
        calls.push({ path: 'PUT /contacts/5', body: await request.json() });
        return HttpResponse.json(tagged);
      }),
      http.post(apiUrl('/tags'), async ({ request }) => {
        const body = (await request.json()) as { name: string };
        calls.push({ path: 'POST /tags', body });
        return HttpResponse.json(tag(9, body.name), { status: 201 });
      }),
      http.post(apiUrl('/tags/sync'), async ({ request }) => {
        const body = (await request.json()) as { tags: { id: number }[] };
        calls.push({ path: 'POST /tags/sync', body });
        return HttpResponse.json({ contactId: 5, tags: [tag(2, 'VIP'), tag(9, 'Atacado')] });
      }),
    );
    const onClose = renderModal(5);
    expect(await screen.findByDisplayValue('Maria Souza')).toBeTruthy();
    await screen.findByRole('button', { name: 'Remover a tag Cliente' });
    const input = screen.getByRole('combobox', { name: 'Tags' });
    await user.type(input, 'vi');
    await user.click(await screen.findByRole('option', { name: 'VIP' }));
    await user.type(input, 'No{Enter}');
    expect(await screen.findByText('Tag muito curta!')).toBeTruthy();
    await user.clear(input);
    await user.type(input, 'Atacado');
    await user.click(screen.getByRole('option', { name: 'Criar a tag "Atacado"' }));
    await user.click(screen.getByRole('button', { name: 'Remover a tag Cliente' }));
    expect(calls).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls.map((c) => c.path)).toEqual(['PUT /contacts/5', 'POST /tags', 'POST /tags/sync']);
    expect(calls[1]!.body).toEqual({ name: 'Atacado', kanban: 0 });
    expect(calls[2]!.body).toEqual({ contactId: 5, tags: [{ id: 2 }, { id: 9 }] });
  });

  it('neither checks nor sends a number shown masked (LGPD)', async () => {
    const user = userEvent.setup();
    let sent: Record<string, unknown> | undefined;
    server.use(
      http.get(apiUrl('/contacts/5'), () =>
        HttpResponse.json({ ...contact, number: '*********4321' }),
      ),
      http.put(apiUrl('/contacts/5'), async ({ request }) => {
        sent = (await request.json()) as typeof sent;
        return HttpResponse.json(contact);
      }),
    );
    renderModal(5);
    const number = await screen.findByDisplayValue('*********4321');
    expect((number as HTMLInputElement).disabled).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(sent).toBeDefined());
    expect(sent).not.toHaveProperty('number');
  });
});
