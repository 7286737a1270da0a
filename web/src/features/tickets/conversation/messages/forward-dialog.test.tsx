/** @vitest-environment jsdom */
import type { ContactView } from '@atendo/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { Toaster } from '@/components/ui/sonner';
import { apiUrl, http, HttpResponse, startTestApi } from '@/test/api';
import { renderWithProviders } from '@/test/render';
import { ForwardDialog } from './forward-dialog';

const contact = (id: number, name: string, number: string | null): ContactView => ({
  id,
  companyId: 2,
  name,
  number,
  email: null,
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
  extraInfo: [],
  createdAt: null,
  updatedAt: null,
});

const people = [contact(21, 'Maria Souza', '5511988887777'), contact(22, 'João Lima', null)];
let searches: string[] = [];
let forwarded: unknown[] = [];

const server = startTestApi(
  http.get(apiUrl('/contacts'), ({ request }) => {
    const search = new URL(request.url).searchParams.get('searchParam') ?? '';
    searches.push(search);
    const found = people.filter((p) => p.name.toLowerCase().includes(search.toLowerCase()));
    return HttpResponse.json({ contacts: found, count: found.length, hasMore: false });
  }),
  http.post(apiUrl('/message/forward'), async ({ request }) => {
    forwarded.push(await request.json());
    return HttpResponse.json({ ok: true });
  }),
);

beforeEach(() => {
  searches = [];
  forwarded = [];
});

function renderDialog(messageIds: number[], signMessage = true) {
  const state = { done: 0, open: true };
  renderWithProviders(
    <>
      <ForwardDialog
        open
        onOpenChange={(next) => (state.open = next)}
        messageIds={messageIds}
        signMessage={signMessage}
        onDone={() => state.done++}
      />
      <Toaster />
    </>,
  );
  return state;
}

describe('ForwardDialog', () => {
  it('searches contacts, and forwards the picked messages oldest first to the picked contact', async () => {
    const user = userEvent.setup();
    const state = renderDialog([12, 10]);
    const dialog = await screen.findByRole('dialog', { name: 'Encaminhar mensagens' });
    const list = within(dialog).getByRole('list', { name: 'Contatos' });
    expect(await within(list).findByRole('button', { name: /Maria Souza/ })).toBeTruthy();
    expect(within(list).getByRole('button', { name: 'João Lima' })).toBeTruthy();
    const send = within(dialog).getByRole('button', { name: 'Encaminhar (2)' });
    expect(send).toHaveProperty('disabled', true);

    await user.type(within(dialog).getByLabelText('Buscar contato'), 'maria');
    await waitFor(() => expect(searches).toContain('maria'));
    await waitFor(() =>
      expect(within(list).queryByRole('button', { name: 'João Lima' })).toBeNull(),
    );
    await user.click(within(list).getByRole('button', { name: /Maria Souza/ }));
    expect(send).toHaveProperty('disabled', false);
    await user.click(send);

    expect(await screen.findByText('Mensagens encaminhadas')).toBeTruthy();
    expect(forwarded).toEqual([
      { messageId: 10, contactId: 21, signMessage: true },
      { messageId: 12, contactId: 21, signMessage: true },
    ]);
    expect(state.done).toBe(1);
    expect(state.open).toBe(false);
  });

  it('shows the api error and stays open when forwarding fails', async () => {
    const user = userEvent.setup();
    server.use(
      http.post(apiUrl('/message/forward'), () =>
        HttpResponse.json({ error: 'ERR_WAPP_NOT_INITIALIZED' }, { status: 400 }),
      ),
    );
    const state = renderDialog([5], false);
    const dialog = await screen.findByRole('dialog');
    await user.click(await within(dialog).findByRole('button', { name: 'João Lima' }));
    await user.click(within(dialog).getByRole('button', { name: 'Encaminhar (1)' }));
    await waitFor(() => expect(state.done).toBe(0));
    expect(
      await screen.findByText('Esta conexão não foi inicializada. Verifique a página de conexões.'),
    ).toBeTruthy();
    expect(state.open).toBe(true);
  });
});
