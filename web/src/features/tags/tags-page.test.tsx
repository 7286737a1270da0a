/** @vitest-environment jsdom */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { Toaster } from '@/components/ui/sonner';
import { useAuth } from '@/lib/auth/auth-provider';
import { apiUrl, http, HttpResponse, startTestApi, userCreation, userFixture } from '@/test/api';
import { renderWithProviders } from '@/test/render';
import { TagsPage } from './tags-page';

interface Row {
  id: number;
  name: string;
  color: string | null;
  kanban: number;
  contactsCount: number;
}
let tags: Row[] = [];
let tagContacts: { id: number; name: string; number: string }[] = [];
let searches: string[] = [];
let updates: unknown[] = [];
let deleted: number[] = [];
let unlinked: string[] = [];

startTestApi(
  userCreation('disabled'),
  http.get(apiUrl('/auth/me'), () => HttpResponse.json(userFixture())),
  http.get(apiUrl('/tags'), ({ request }) => {
    const search = (new URL(request.url).searchParams.get('searchParam') ?? '').toLowerCase();
    searches.push(search);
    const found = tags.filter((tag) => tag.name.toLowerCase().includes(search));
    return HttpResponse.json({ tags: found, count: found.length, hasMore: false });
  }),
  http.put(apiUrl('/tags/:id'), async ({ request, params }) => {
    const body = (await request.json()) as { name: string; color: string };
    updates.push(body);
    tags = tags.map((tag) => (tag.id === Number(params.id) ? { ...tag, ...body } : tag));
    return HttpResponse.json({ id: Number(params.id), kanban: 0, ...body });
  }),
  http.delete(apiUrl('/tags/:id'), ({ params }) => {
    deleted.push(Number(params.id));
    tags = tags.filter((tag) => tag.id !== Number(params.id));
    return HttpResponse.json({ message: 'Tag deleted' });
  }),
  http.get(apiUrl('/tags/:id/contacts'), () => HttpResponse.json(tagContacts)),
  http.delete(apiUrl('/tags-contacts/:tagId/:contactId'), ({ params }) => {
    unlinked.push(`${String(params.tagId)}/${String(params.contactId)}`);
    tagContacts = tagContacts.filter((c) => c.id !== Number(params.contactId));
    return HttpResponse.json({ message: 'removed' });
  }),
);

beforeEach(() => {
  tags = [
    { id: 1, name: 'VIP', color: '#ff0000', kanban: 0, contactsCount: 2 },
    { id: 2, name: 'Lead frio', color: null, kanban: 0, contactsCount: 0 },
  ];
  tagContacts = [
    { id: 31, name: 'Carla Dias', number: '5511977776666' },
    { id: 32, name: 'Pedro Alves', number: '5511966665555' },
  ];
  searches = [];
  updates = [];
  deleted = [];
  unlinked = [];
  localStorage.setItem('token', 'access-token');
});

function Signed({ children }: { children: ReactNode }) {
  return useAuth().status === 'authenticated' ? <>{children}</> : null;
}

function renderPage() {
  renderWithProviders(
    <>
      <Signed>
        <TagsPage />
      </Signed>
      <Toaster />
    </>,
    { route: '/tags', session: true },
  );
}

const rowOf = (name: string) => screen.getByRole('row', { name: new RegExp(`^\\d+ ${name}\\b`) });

describe('TagsPage', () => {
  it('lists the tags with their contact counts, searches them, and deletes one after confirming', async () => {
    const user = userEvent.setup();
    renderPage();
    const table = await screen.findByRole('table', { name: 'Tags' });
    await within(table).findByText('VIP');
    expect(within(rowOf('VIP')).getByText('2')).toBeTruthy();
    expect(within(rowOf('Lead frio')).getByText('0')).toBeTruthy();

    await user.type(screen.getByRole('searchbox', { name: 'Pesquisar...' }), 'lead');
    await waitFor(() => expect(searches).toContain('lead'));
    await waitFor(() => expect(within(table).queryByText('VIP')).toBeNull());

    await user.click(within(rowOf('Lead frio')).getByRole('button', { name: 'Excluir' }));
    const confirm = await screen.findByRole('dialog');
    expect(within(confirm).getByText('Excluir Lead frio?')).toBeTruthy();
    expect(deleted).toEqual([]);
    await user.click(within(confirm).getByRole('button', { name: 'Excluir' }));
    expect(await screen.findByText('Tag excluída com sucesso.')).toBeTruthy();
    expect(deleted).toEqual([2]);
    expect(await within(table).findByText('Nenhuma tag encontrada.')).toBeTruthy();
  });

  it('renames a tag through the dialog and the list shows the new name', async () => {
    const user = userEvent.setup();
    renderPage();
    await screen.findByText('VIP');
    await user.click(within(rowOf('VIP')).getByRole('button', { name: 'Editar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar tag' });
    const name = within(dialog).getByLabelText('Nome');
    expect(name).toHaveProperty('value', 'VIP');
    await user.clear(name);
    await user.type(name, 'ab');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await within(dialog).findByText('Mensagem muito curta')).toBeTruthy();
    expect(updates).toEqual([]);
    await user.clear(name);
    await user.type(name, 'Cliente VIP');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Cliente VIP')).toBeTruthy();
    expect(updates).toEqual([{ name: 'Cliente VIP', color: '#ff0000' }]);
    expect(screen.queryByText('VIP', { exact: true })).toBeNull();
  });

  it("shows a tag's contacts and removes one from the tag", async () => {
    const user = userEvent.setup();
    renderPage();
    await screen.findByText('VIP');
    await user.click(screen.getByRole('button', { name: 'Ver contatos de VIP' }));
    const dialog = await screen.findByRole('dialog', { name: 'Contatos da tag VIP' });
    expect(await within(dialog).findByText('Carla Dias')).toBeTruthy();
    expect(within(dialog).getByText('+55 (11) 96666-5555')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Remover Carla Dias da tag' }));
    expect(await screen.findByText('Contato removido da tag.')).toBeTruthy();
    expect(unlinked).toEqual(['1/31']);
    await waitFor(() => expect(within(dialog).queryByText('Carla Dias')).toBeNull());
    expect(within(dialog).getByText('Pedro Alves')).toBeTruthy();
  });
});
