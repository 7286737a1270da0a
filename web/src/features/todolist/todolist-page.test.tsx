/** @vitest-environment jsdom */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { useAuth } from '@/lib/auth/auth-provider';
import { apiUrl, http, HttpResponse, startTestApi, userCreation, userFixture } from '@/test/api';
import { renderWithProviders } from '@/test/render';
import { readTodos, todoStorageKey, type TodoEntry } from './storage';
import { TodolistPage } from './todolist-page';

const server = startTestApi(userCreation('enabled'));

const ME = 7;
const KEY = todoStorageKey(ME);

function Gate() {
  const { user } = useAuth();
  return user ? <TodolistPage /> : null;
}

/** /todolist for user 7, with `saved` already on this device. */
function renderPage(saved?: TodoEntry[], userId = ME) {
  localStorage.setItem('token', 'access-token');
  if (saved) localStorage.setItem(todoStorageKey(userId), JSON.stringify(saved));
  server.use(http.get(apiUrl('/auth/me'), () => HttpResponse.json(userFixture({ id: userId }))));
  renderWithProviders(<Gate />, { session: true, route: '/todolist' });
}

const field = (name: 'Nova tarefa' | 'Editar tarefa' = 'Nova tarefa') =>
  screen.findByRole('textbox', { name });
const taskNames = () =>
  within(screen.getByRole('list', { name: 'Tarefas' }))
    .getAllByRole('listitem')
    .map((li) => li.getAttribute('aria-label'));

describe('TodolistPage', () => {
  it('adds tasks, kept on this device only; an empty text is refused', async () => {
    const user = userEvent.setup();
    renderPage();
    expect(await screen.findByText('Nenhuma tarefa.')).toBeTruthy();

    await user.type(await field(), '   ');
    await user.click(screen.getByRole('button', { name: 'Adicionar' }));
    expect((await screen.findByRole('alert')).textContent).toBe('A tarefa não pode ficar vazia.');
    expect(localStorage.getItem(KEY)).toBeNull();

    await user.clear(await field());
    await user.type(await field(), '  Ligar para o cliente  ');
    expect(screen.queryByRole('alert')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Adicionar' }));
    await user.type(await field(), 'Enviar proposta{Enter}');

    expect(taskNames()).toEqual(['Ligar para o cliente', 'Enviar proposta']);
    expect(((await field()) as HTMLInputElement).value).toBe('');
    const stored = readTodos(KEY);
    expect(stored.map((e) => e.text)).toEqual(['Ligar para o cliente', 'Enviar proposta']);
    expect(stored[0]!.createdAt).toBe(stored[0]!.updatedAt);
    expect(Number.isNaN(Date.parse(stored[0]!.createdAt))).toBe(false);
  });

  it('edits and deletes a task, and reads what was saved before', async () => {
    const user = userEvent.setup();
    const at = '2025-03-01T12:00:00.000Z';
    renderPage([
      { text: 'Ligar para o cliente', createdAt: at, updatedAt: at },
      { text: 'Enviar proposta', createdAt: at, updatedAt: at },
    ]);
    await waitFor(() => expect(taskNames()).toEqual(['Ligar para o cliente', 'Enviar proposta']));

    await user.click(screen.getByRole('button', { name: 'Editar "Enviar proposta"' }));
    const editing = await field('Editar tarefa');
    expect((editing as HTMLInputElement).value).toBe('Enviar proposta');
    await user.clear(editing);
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect((await screen.findByRole('alert')).textContent).toBe('A tarefa não pode ficar vazia.');
    await user.type(editing, 'Enviar proposta revisada');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));

    expect(taskNames()).toEqual(['Ligar para o cliente', 'Enviar proposta revisada']);
    const edited = readTodos(KEY)[1]!;
    expect(edited.text).toBe('Enviar proposta revisada');
    expect(edited.createdAt).toBe(at);
    expect(edited.updatedAt).not.toBe(at);
    expect(await field()).toBeTruthy();
    expect(screen.getByText(/^Editada em /)).toBeTruthy();

    // Cancel leaves the task as it was.
    await user.click(screen.getByRole('button', { name: 'Editar "Ligar para o cliente"' }));
    await user.type(await field('Editar tarefa'), ' amanhã');
    await user.click(screen.getByRole('button', { name: 'Cancelar' }));
    expect(taskNames()).toEqual(['Ligar para o cliente', 'Enviar proposta revisada']);

    await user.click(screen.getByRole('button', { name: 'Excluir "Ligar para o cliente"' }));
    expect(taskNames()).toEqual(['Enviar proposta revisada']);
    expect(readTodos(KEY).map((e) => e.text)).toEqual(['Enviar proposta revisada']);
  });

  it("keeps each user's list apart and follows another tab's changes", async () => {
    const at = '2025-03-01T12:00:00.000Z';
    localStorage.setItem(
      todoStorageKey(8),
      JSON.stringify([{ text: 'Tarefa do Bruno', createdAt: at, updatedAt: at }]),
    );
    renderPage();
    expect(await screen.findByText('Nenhuma tarefa.')).toBeTruthy();

    const next = [{ text: 'Vinda de outra aba', createdAt: at, updatedAt: at }];
    localStorage.setItem(KEY, JSON.stringify(next));
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: KEY }));
    });
    expect(taskNames()).toEqual(['Vinda de outra aba']);
  });
});
